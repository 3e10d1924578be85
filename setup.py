"""The compiled sight-line kernel (rules/geometry/_sightlines.c).

It is optional: without a C compiler the package installs and sees exactly the same, with
the array code alone (rules/geometry/seeing.py), only more slowly.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "rules.geometry._sightlines",
            ["rules/geometry/_sightlines.c"],
            extra_compile_args=["-O2", "-ffp-contract=off"],
            optional=True,
        )
    ]
)
