"""What every web feature shares: forms and CSRF, game lookup by link, the language switch,
errors, security headers, static assets, the share link and the rules fieldset."""
