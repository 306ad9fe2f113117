"""Play in the browser: ``ginrummy serve``.

The web layer sits beside the CLI and imports the core and the agents. Its
third-party dependencies (starlette, uvicorn) are the optional group ``web``;
only :mod:`ginrummy.web.app` and :mod:`ginrummy.web.guard` import them (and
``ginrummy serve`` imports uvicorn), so the stdlib-only modules here (:mod:`fairness`,
:mod:`store`, :mod:`session`, :mod:`serialize`, :mod:`cache`, :mod:`workers`) can be used
without them (``ginrummy verify`` does).
"""
