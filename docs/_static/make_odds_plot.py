"""Draw docs/_static/odds_plot.png, the plot docs/odds.rst shows (needs mus-rules[fast,plot]).

Run from the repository root: ``python docs/_static/make_odds_plot.py``. The figures
are seeded, so the picture only changes when the library's odds do; the command line
equivalent is ``mus odds "Ro Rc 7e 1b" --seat 1 --samples 1048576 --seed 2026 --plot FILE``.
"""

from __future__ import annotations

import sys
from pathlib import Path

here = Path(__file__).resolve().parent
sys.path.insert(0, str(here.parent.parent / "src"))

from mus import Rules  # noqa: E402
from mus.odds import odds, plot  # noqa: E402

result = odds("Ro Rc 7e 1b", Rules(), seat=1, samples=1 << 20, seed=2026, workers=2)
print(result)
plot(result, str(here / "odds_plot.png"))
