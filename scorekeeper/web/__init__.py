"""The web app, one package per feature (its blueprint, forms and helpers; templates sit in
templates/<feature>/). Features stand on `printing` and `common`, never on each other."""
