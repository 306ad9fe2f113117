"""The ``ginrummy`` command line: play against the computer, analyse hands and layoffs,
replay saved records and list the rules presets.

Only this subpackage uses the third-party libraries click and rich; the engine in
:mod:`ginrummy` needs nothing outside the standard library. The entry point is
:func:`ginrummy.cli.main.main`.
"""
