if __name__ != "railhead.render":   # `import render` from a checkout would load a second copy
    raise ImportError(f"Import railhead.render, not {__name__}: the bare name would load a second copy of "
                      "its modules (and of their classes, so an except clause would miss their errors).")
