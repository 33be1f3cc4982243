"""The pre-1.1 names, kept as deprecated aliases (zkprim 1.1.0 is a minor
release: nothing is removed). Each alias warns with DeprecationWarning and
calls the new name, which follows the C library's 1.0 name."""
import warnings


def alias(module, old, new_name, new):
    """A function `old` of zkprim.`module` that warns and calls `new`
    (zkprim.`module`.`new_name`)."""
    def call(*args, **kwargs):
        warnings.warn("zkprim.%s.%s is deprecated since zkprim 1.1.0; use %s.%s" % (module, old, module, new_name),
                      DeprecationWarning, stacklevel=2)
        return new(*args, **kwargs)
    call.__name__ = call.__qualname__ = old
    call.__doc__ = "Deprecated since zkprim 1.1.0: use %s." % new_name
    return call
