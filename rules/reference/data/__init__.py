"""Bundled rules entries and tables, one ``rules_<system>.json`` / ``tables_<system>.json`` each.

A package only so that the JSON files ship with the code.
"""
