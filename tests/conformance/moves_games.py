"""Each game's own candidate actions for the choice-protocol tests (``moves.extra``): the parts no
listed action shows in full — every payment, every second target, every subset."""
