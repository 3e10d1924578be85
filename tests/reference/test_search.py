"""Rules search: ranking, typo tolerance, gibberish, autocomplete limits and speed."""

from __future__ import annotations

import pytest

from rules.reference import LookupProblem, RuleHit, load_default_index


def top(query: str, system: str | None = None) -> str:
    hits = load_default_index().search(query, system)
    assert hits, f"no result for {query!r}"
    return hits[0].entry.key


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("assault", "squad:assault-order"),
        ("asault", "squad:assault-order"),
        ("rush", "squad:rush-order"),
        ("rsuh order", "squad:rush-order"),
        ("LOS", "squad:line-of-sight"),
        ("lineofsight", "squad:line-of-sight"),
        ("toughness", "squad:damage"),
        ("Nahkampf Treffermodifikationen", "squad:close-combat-modifiers"),
        ("close combat table", "squad:close-combat-table"),
        ("who goes first", "squad:initiative"),
        ("panik", "squad:panic"),
        ("what happens when my unit panics", "squad:panic"),
        ("battle awareness", "squad:battle-awareness"),
        ("nearest target", "squad:target-selection"),
        ("counter charge", "squad:counter-charge"),
        ("reaction shot", "squad:reaction-shots"),
        ("exactly half", "squad:morale-results"),
        ("allocate closest", "squad:hit-allocation"),
        ("how do I give orders", "squad:commands"),
        ("natural 10", "dice:natural-10"),
        ("natral 1", "dice:natural-1"),
        ("D5", "dice:d5"),
        ("0 counts as 10", "dice:zero-is-ten"),
        ("11+", "dice:automatic-pass-fail"),
        ("duel", "dice:duels"),
        ("automatic successes", "dice:automatic-successes"),
    ],
)
def test_finds_the_right_topic(query: str, expected: str) -> None:
    assert top(query) == expected


def test_a_word_two_games_share_finds_both_and_each_in_its_own_game() -> None:
    index = load_default_index()
    best = index.search("morale")
    tied = {hit.entry.key for hit in best if hit.score == best[0].score}
    assert {"squad:morale-checks", "blackpowder:morale-card"} <= tied
    assert top("morale", "squad") == "squad:morale-checks"
    assert top("morale", "blackpowder") == "blackpowder:morale-card"


def test_title_and_alias_matches_outrank_body_matches() -> None:
    hits = load_default_index().search("panic")
    assert hits[0].entry.id == "panic"
    body_only = [hit for hit in hits[1:] if "panic" not in hit.entry.title.lower()]
    assert body_only, "other entries mention panic in their body"
    assert all(hit.score < hits[0].score for hit in body_only)
    # a word that appears only in bodies still finds something, ranked lower
    body_hits = load_default_index().search("ruler")
    assert body_hits and all(hit.score < 100 for hit in body_hits)


def test_results_are_sorted_and_limited() -> None:
    hits = load_default_index().search("order", limit=3)
    assert len(hits) == 3
    assert all(isinstance(hit, RuleHit) for hit in hits)
    assert [hit.score for hit in hits] == sorted((hit.score for hit in hits), reverse=True)
    assert load_default_index().search("order", limit=0) == []


@pytest.mark.parametrize(
    "query",
    ["xqzvbl", "asdfghjkl", "lorem ipsum dolor", "qwertyuiop", "zzzz", "the", "", "   ", "!!!"],
)
def test_gibberish_finds_nothing(query: str) -> None:
    assert load_default_index().search(query) == []


def test_system_filter() -> None:
    index = load_default_index()
    assert all(hit.entry.system == "dice" for hit in index.search("natural", "dice"))
    assert index.search("rush", "dice") == []
    assert index.search("natural", "Dice conventions")[0].entry.system == "dice"
    with pytest.raises(LookupProblem) as caught:
        index.search("rush", "chess")
    assert "chess" in caught.value.message
    assert "squad" in caught.value.message


def test_lookup_accepts_autocomplete_values_and_free_text() -> None:
    index = load_default_index()
    entry = index.lookup("squad:hold-order")
    assert entry is not None and entry.id == "hold-order"
    entry = index.lookup("rush")
    assert entry is not None and entry.id == "rush-order"
    assert index.lookup("xqzvbl") is None


@pytest.mark.parametrize("current", ["", "a", "as", "ass", "nat", "rule", "hit", "zzzz", "x" * 300])
def test_autocomplete_respects_discord_limits(current: str) -> None:
    choices = load_default_index().autocomplete(current)
    assert len(choices) <= 25
    for name, value in choices:
        assert 1 <= len(name) <= 100
        assert 1 <= len(value) <= 100
        assert value.count(":") == 1


def test_autocomplete_suggests_while_typing() -> None:
    index = load_default_index()
    assert len(index.autocomplete("")) == 25
    assert index.autocomplete("as")[0][1] == "squad:assault-order"
    assert index.autocomplete("asault")[0][1] == "squad:assault-order"
    assert all(value.startswith("dice:") for _, value in index.autocomplete("", "dice"))
    assert index.autocomplete("rush", "no-such-system") == []
    name, value = index.autocomplete("rush order")[0]
    assert value == "squad:rush-order"
    assert name.startswith("Rush order")


def test_a_hit_by_body_words_alone_is_marked_as_a_mention() -> None:
    assert not load_default_index().search("panic")[0].mentioned
    # no Tannhäuser rule is about cover; one entry's text says "covers"
    [hit] = load_default_index().search("cover", "tannhauser", limit=1)
    assert hit.mentioned


def test_the_game_being_played_has_its_entries_suggested_first() -> None:
    index = load_default_index()
    offered = [value for _, value in index.autocomplete("", prefer="wasteland")]
    assert len(offered) == 25 and all(v.startswith("wasteland:") for v in offered)
    typed = [value for _, value in index.autocomplete("morale", prefer="squad")]
    systems = [v.split(":")[0] for v in typed]
    assert systems[0] == "squad" and systems == sorted(systems, key=lambda s: s != "squad")
    assert index.autocomplete("morale", "wasteland", prefer="squad")[0][1].startswith("wasteland:")
