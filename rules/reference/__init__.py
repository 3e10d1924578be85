"""Rules reference behind ``/rules`` and ``/table``: searchable entries and numeric tables.

Pure Python, no Discord: the data lives in ``data/rules_<system>.json`` and
``data/tables_<system>.json``, validated by pydantic models; a new game system only needs
new files there (or in an extra folder passed to the loaders).
"""

from rules.reference.book import TableAnswer, TableBook
from rules.reference.defaults import (
    DATA_DIR,
    load_default_index,
    load_default_tables,
)
from rules.reference.entries import RuleEntry, RulesPack
from rules.reference.errors import LookupProblem, PackError
from rules.reference.index import RuleHit, RulesIndex
from rules.reference.tables import Heading, Table, TablePack

__all__ = [
    "DATA_DIR",
    "Heading",
    "LookupProblem",
    "PackError",
    "RuleEntry",
    "RuleHit",
    "RulesIndex",
    "RulesPack",
    "Table",
    "TableAnswer",
    "TableBook",
    "TablePack",
    "load_default_index",
    "load_default_tables",
]
