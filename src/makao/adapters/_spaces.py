"""The spaces and masked observations the PettingZoo and Gymnasium environments share."""

from __future__ import annotations

from typing import Any

from makao._extras import missing_extra

try:
    import numpy as np
    from gymnasium import spaces
except ModuleNotFoundError as error:
    raise missing_extra(error, "makao.adapters", "rl") from None

from makao.adapters.driver import Driver
from makao.adapters.encoding import HIGH, Encoder
from makao.adapters.fixed import FixedActions

Observation = dict[str, np.ndarray[Any, Any]]


class Spaces:
    """The encoder, the action numbering (``fixed_size``:
    [`makao.adapters.fixed`][makao.adapters.fixed]) and the Gymnasium spaces of a table run by
    ``driver``."""

    def __init__(self, driver: Driver, fixed_size: bool) -> None:
        # first: it checks ``fixed_size`` ("no" or 2 would have been taken as True)
        self.encoder = Encoder.for_table(driver.space, fixed_size)
        self.fixed = FixedActions(driver.space) if fixed_size else None
        #: The number of action ids.
        self.size = driver.num_actions if self.fixed is None else self.fixed.size
        self.observation = spaces.Dict(
            {
                "observation": spaces.Box(0.0, HIGH, (self.encoder.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.size,), np.int8),
            }
        )
        self.action = spaces.Discrete(self.size)

    def observe(self, driver: Driver, seat: int) -> Observation:
        """``seat``'s observation and mask (non-zero only when ``seat`` is to act)."""
        mask = np.zeros(self.size, dtype=np.int8)
        if seat == driver.actor and not driver.is_over:
            legal = driver.legal_actions()
            mask[legal if self.fixed is None else self.fixed.mask(legal)] = 1
        return {"observation": self.encoder.observe(driver, seat), "action_mask": mask}

    def local(self, action: int, actor: int) -> int:
        """The driver's id of ``action`` taken by ``actor``."""
        return action if self.fixed is None else self.fixed.local(action, actor)
