"""``python -m kozel`` runs the ``kozel`` command line."""

import sys

from kozel.cli.main import main

sys.exit(main())
