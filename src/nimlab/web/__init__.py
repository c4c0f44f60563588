"""The web lab (``nimlab serve``): :mod:`nimlab.web.app` (pages and JSON API, Starlette),
:mod:`nimlab.web.pool` (worker processes), ``static/`` (the pages, no third-party code).
"""
