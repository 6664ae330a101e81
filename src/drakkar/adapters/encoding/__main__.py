"""Print every game's observation table, or rewrite its section of docs/research.md.

python -m drakkar.adapters.encoding                      # print the Markdown
python -m drakkar.adapters.encoding docs/research.md     # rewrite between the markers
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from drakkar.adapters.encoding import markdown, replace_section


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m drakkar.adapters.encoding",
        description="Print every game's observation table as Markdown, or rewrite its section.",
    )
    ap.add_argument("doc", nargs="?", help="a Markdown file to rewrite between its markers")
    args = ap.parse_args(argv)
    if args.doc is None:
        print(markdown())
        return 0
    path = Path(args.doc)
    try:
        text = path.read_text(encoding="utf-8")
        updated = replace_section(text, markdown())
    except (OSError, UnicodeDecodeError, ValueError) as e:
        print(f"encoding: {path}: {e}", file=sys.stderr)
        return 2
    path.write_text(updated, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
