"""Written forms of a match: the text record (``dumps``/``loads``) and the versioned JSON of states, views, moves.

See :mod:`kozel.record.text` for the record format and :mod:`kozel.record.json_form` for the JSON.
"""

from kozel.record.json_form import Document, from_json, to_json
from kozel.record.text import FORMAT, Record, dumps, loads, read

__all__ = ["FORMAT", "Document", "Record", "dumps", "from_json", "loads", "read", "to_json"]
