"""Imported only by the process pool's fork server, before it forks any worker.

Workers are forked from the fork server, so they start with drakkar already imported (fast)
and with Ctrl-C ignored from their first instant: a Ctrl-C in the terminal reaches the whole
process group, and only the main process may handle it (it saves what is done and stops the
workers). Never import this module anywhere else: it turns Ctrl-C off in the importer.
"""

import signal

import drakkar.sim.play  # noqa: F401  (imported for the workers to inherit)
import drakkar.sim.workers  # noqa: F401

signal.signal(signal.SIGINT, signal.SIG_IGN)
