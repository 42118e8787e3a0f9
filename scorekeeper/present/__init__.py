"""What the pages, sheets and files show, derived from games (stored or loaded): the sheet view,
the text and JSON sheets, the charts, the statistics of a game and of a group, and the words of
the engine in the reader's language (`i18n`). Reads storage and the engine; knows no URL."""
