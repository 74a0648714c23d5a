"""``python -m service.cli``: the ``kifu`` command."""
import sys

from service.cli import main

sys.exit(main())
