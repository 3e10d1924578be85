from __future__ import annotations

import pytest

from bot.discord_app.cogs.lookup import rules_text, table_text
from bot.help_text import help_text
from bot.service.errors import UserError


def test_unknown_system_is_a_clear_refusal() -> None:
    with pytest.raises(UserError, match="No game system 'chess'"):
        rules_text("morale", "chess")


def test_exact_entry_and_related_titles() -> None:
    text = rules_text("natural 10")
    assert text.startswith("**Natural 10 always succeeds**") and "See also" in text
    assert rules_text("dice:natural-1").startswith("**Natural 1 always fails**")


def test_the_channels_game_is_looked_in_first() -> None:
    anywhere = rules_text("morale")  # two games name an entry so: either, best first
    assert anywhere.startswith(("**Morale checks**", "**Morale card (Moralkarte)**"))
    assert rules_text("morale", None, "squad").startswith("**Morale checks**")
    assert rules_text("morale", None, "blackpowder").startswith("**Morale card (Moralkarte)**")
    assert "Wasteland Tactics" in rules_text("morale", None, "wasteland").splitlines()[0]
    assert "Tannhäuser" in rules_text("grenade", None, "wasteland").splitlines()[0]  # none there


@pytest.mark.parametrize(
    ("topic", "title"),
    [("Granate", "Grenade"), ("Deckung", "Cover"), ("Nahkampf", "melee")],
)
def test_german_words_find_their_english_entries(topic: str, title: str) -> None:
    assert title.lower() in rules_text(topic).splitlines()[0].lower()


def test_a_loose_likeness_of_one_word_is_no_answer() -> None:
    with pytest.raises(UserError, match="Nothing in the rules reference matches 'road raiders'"):
        rules_text("road raiders", "wasteland")


def test_a_table_name_meaning_several_tables_picks_the_one_with_that_cell() -> None:
    assert table_text("Nahkampf", "5", "3") == "Attacker AS 5 vs defender AS 3: **4+**"
    assert table_text("Nahkampf", None, None, "squad").startswith("**Close-combat table**")
    assert table_text("Nahkampf", None, None, "wasteland").startswith("**Fight roll modifiers**")
    assert table_text("Nahkampfwaffen", None, None).startswith("**Melee weapons**")


def test_act_help_shows_the_channels_system_or_the_listed_ones_never_the_demo() -> None:
    everywhere = help_text("act", unlisted=True)
    assert "Tannhäuser" in everywhere and "Wasteland Tactics" in everywhere
    assert "Demo" not in everywhere and "pick attack" not in everywhere
    here = help_text("act", unlisted=True, system="tannhauser")
    assert "Tannhäuser" in here and "Wasteland" not in here


def test_an_unknown_help_topic_says_so_and_lists_the_topics() -> None:
    text = help_text("nonsense")
    assert text.startswith("There is no help topic 'nonsense'.") and "`rules`" in text
    assert "Did you mean `rules`?" in help_text("rule")
    assert help_text(None).startswith("**Umpire referees")


def test_an_unknown_topic_is_echoed_without_live_mentions() -> None:
    text = help_text("<@&5>@everyone")
    assert "<@&5>" not in text and "@everyone" not in text


def test_rules_without_a_topic_asks_for_one() -> None:
    with pytest.raises(UserError, match="Name a rule to look up"):
        rules_text("  ")


def test_an_entry_that_only_mentions_the_topic_says_so() -> None:
    mention = rules_text("cover", "tannhauser").splitlines()
    assert mention[0] == "-# No rule of Tannhäuser is about “cover”; this entry mentions it."
    assert mention[1].startswith("**")
    assert rules_text("cover", "wasteland").startswith("**Cover** · Wasteland Tactics")


@pytest.mark.parametrize("topic", ["initiative", "shooting", "movement", "close combat"])
def test_the_order_tile_game_answers_for_itself(topic: str) -> None:
    assert "Order tiles (square grid)" in rules_text(topic, "orders").splitlines()[0]


def test_the_topic_echoed_in_a_mention_note_pings_nobody() -> None:
    first = rules_text("@everyone@everyone@everyone").splitlines()[0]
    assert first.startswith("-# No rule of") and "@everyone" not in first
