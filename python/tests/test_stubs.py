"""The type stubs (zkprim/*.pyi, installed with the package beside
py.typed) against the runtime: every name a stub declares exists (classes:
every method it declares), and every public runtime name of a public module
(classes: every public member) has a stub. The stubs are read with ast from
the installed package, so a stub left out of the wheel fails too."""
import ast
import importlib
import inspect
import os
import types
import unittest

import zkprim

PKG = os.path.dirname(zkprim.__file__)
PUBLIC = ("zkprim", "zkprim.tree", "zkprim.poseidon", "zkprim.poseidon2", "zkprim.gf2", "zkprim.dask", "zkprim.bench")


def stub_names(path):
    """{name: None for a function or variable, {member: is_method} for a class}."""
    with open(path) as f:
        tree = ast.parse(f.read(), path)
    names = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            names[node.name] = None
        elif isinstance(node, ast.ClassDef):
            members = {}
            for item in node.body:
                if isinstance(item, ast.FunctionDef):
                    members[item.name] = not any(isinstance(d, ast.Name) and d.id == "property"
                                                 for d in item.decorator_list)
                elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                    members[item.target.id] = False
            names[node.name] = members
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names[node.target.id] = None
        elif isinstance(node, ast.Assign):
            for t in node.targets:
                if isinstance(t, ast.Name):
                    names[t.id] = None
        elif isinstance(node, ast.ImportFrom) and node.level == 1:   # "from . import gf2 as gf2"
            for a in node.names:
                if a.asname == a.name:
                    names[a.name] = None
    return names


def stub_path(modname):
    rel = modname.split(".")[1:] or ["__init__"]
    return os.path.join(PKG, *rel) + ".pyi"


def public_runtime_names(mod):
    """Public names the module defines or re-exports from zkprim: not
    underscored, not a module, not an object of another package."""
    out = set()
    for name, value in vars(mod).items():
        if name.startswith("_") or isinstance(value, types.ModuleType):
            continue
        origin = getattr(value, "__module__", None)
        if isinstance(value, (type, types.FunctionType, types.BuiltinFunctionType)) and origin and \
                not origin.startswith("zkprim"):
            continue
        out.add(name)
    return out


def public_members(cls):
    """Public members a class adds to its first base outside zkprim."""
    base = next(b for b in cls.__mro__[1:] if not b.__module__.startswith("zkprim"))
    return {n for n in dir(cls) if not n.startswith("_") and n not in dir(base)}


class Stubs(unittest.TestCase):
    def test_py_typed_is_installed(self):
        self.assertTrue(os.path.exists(os.path.join(PKG, "py.typed")))

    def check(self, modname, complete=True):
        try:
            mod = importlib.import_module(modname)
        except ImportError as e:            # zkprim.dask without dask
            self.skipTest("%s: %s" % (modname, e))
        path = stub_path(modname)
        self.assertTrue(os.path.exists(path), "no stub %s" % path)
        stubs = stub_names(path)
        for name, members in stubs.items():
            if name.startswith("_"):        # stub-only helpers (_Alg, _Path, ...)
                continue
            self.assertTrue(hasattr(mod, name), "%s.%s is in the stub but not in the module" % (modname, name))
            if members is None:
                continue
            cls = getattr(mod, name)
            self.assertTrue(inspect.isclass(cls), "%s.%s is a class in the stub" % (modname, name))
            for member, is_method in members.items():
                if is_method and not member.startswith("__"):
                    self.assertTrue(callable(getattr(cls, member, None)),
                                    "%s.%s.%s is in the stub but not in the class" % (modname, name, member))
            if complete:
                missing = public_members(cls) - set(members)
                self.assertFalse(missing, "%s.%s: members without a stub: %s" % (modname, name, sorted(missing)))
        if complete:
            missing = public_runtime_names(mod) - set(stubs)
            self.assertFalse(missing, "%s: public names without a stub: %s" % (modname, sorted(missing)))

    def test_public_modules(self):
        for modname in PUBLIC:
            with self.subTest(module=modname):
                self.check(modname)

    def test_extension_stub_names_exist(self):
        # The extension is private; its stub covers what the public stubs use.
        self.check("zkprim._zkprim", complete=False)

    def test_the_check_sees_a_gap(self):
        """The checker itself: a name missing on either side is reported."""
        fake = types.ModuleType("zkprim.fake")
        fake.extra, fake._private, fake.os = 1, 2, os
        fake.imported = unittest.TestCase               # another package's class: not ours to stub
        fake.Ours = type("Ours", (), {"__module__": "zkprim.fake", "method": lambda self: 0})
        self.assertEqual(public_runtime_names(fake), {"extra", "Ours"})
        self.assertEqual(public_members(fake.Ours), {"method"})
        self.assertIn("hash_batch", stub_names(stub_path("zkprim.poseidon")))


if __name__ == "__main__":
    unittest.main()
