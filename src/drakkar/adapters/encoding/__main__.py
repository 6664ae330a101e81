"""Print every game's observation table, or rewrite its section of docs/research.md.

python -m drakkar.adapters.encoding                      # print the Markdown
python -m drakkar.adapters.encoding docs/research.md     # rewrite between the markers
"""

from __future__ import annotations

import sys
from pathlib import Path

from drakkar.adapters.encoding import markdown, replace_section


def main(argv: list[str]) -> int:
    if not argv:
        print(markdown())
        return 0
    path = Path(argv[0])
    path.write_text(replace_section(path.read_text(), markdown()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
