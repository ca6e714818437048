"""``python -m kozel`` runs the ``kozel`` command line."""

import sys

from kozel._launch import restore_ctrl_c
from kozel.cli.main import main

restore_ctrl_c()  # loaded: from here on the command line answers a Ctrl-C itself
sys.exit(main())
