"""The conformance suite (:func:`makao.testing.check_variant`) over the four family
variants composed of rule objects, and their registration by name."""

from __future__ import annotations

import pytest

from makao import variants
from makao.testing import check_variant

FAMILY = ("crazy-eights", "mau-mau", "prsi", "switch")


@pytest.mark.parametrize("name", FAMILY)
def test_family_variant_is_registered_with_its_rule_ids(name: str) -> None:
    assert name in variants.names()
    variant = variants.get(name)
    prefix = {"crazy-eights": "CE-", "mau-mau": "MM-", "prsi": "PR-", "switch": "SW-"}[name]
    assert variant.rule_ids and all(i.startswith(prefix) for i in variant.rule_ids)


@pytest.mark.parametrize("name", FAMILY)
def test_family_variant_passes_the_conformance_suite(name: str) -> None:
    report = check_variant(variants.get(name), players=(2, 3), games=2, seed=11)
    assert report.games == 2 and report.finished == 2
