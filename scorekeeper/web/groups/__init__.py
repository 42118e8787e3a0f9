"""Groups of games (a club, a night): the page, figures and charts, name merges, group files."""
