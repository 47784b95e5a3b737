"""Railhead's static data files (maps, tables, cards as TOML), shipped as package data."""
if __name__ != "railhead.data":   # `import data` from a checkout would load a second copy
    raise ImportError(f"Import railhead.data, not {__name__}: the bare name would load a second copy of "
                      "its modules (and of their classes, so an except clause would miss their errors).")
