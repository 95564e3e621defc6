"""Adapters for the RL and game-AI ecosystem (optional extras, imported lazily).

* [`makao.adapters.driver`][makao.adapters.driver] -- the turn scheme both adapters share: one
  acting seat and one action id at a time, with "reaction turns" for out-of-turn actions (pure
  Python);
* [`makao.adapters.encoding`][makao.adapters.encoding] -- the observation tensor of a seat (needs
  ``numpy``);
* [`makao.adapters.pettingzoo`][makao.adapters.pettingzoo] -- a PettingZoo AEC environment (extra
  ``rl``);
* [`makao.adapters.openspiel`][makao.adapters.openspiel] -- OpenSpiel games, one per variant (extra
  ``openspiel``);
* [`makao.adapters.gymnasium`][makao.adapters.gymnasium] -- single-agent Gymnasium environments
  against bots (extra ``rl``);
* [`makao.adapters.fixed`][makao.adapters.fixed] -- one action numbering for every variant (pure
  Python).

Importing this package imports none of the optional dependencies.
"""
