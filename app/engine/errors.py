"""The refusals every game shares, with one code and one message each (the specs' §4 error tables)."""

from app.engine.contract import IllegalAction


def game_over() -> IllegalAction:
    return IllegalAction("game_over", "The game is over.")


def not_your_turn() -> IllegalAction:
    return IllegalAction("not_your_turn", "It is not your turn.")


def out_of_step(code: str = "wrong_step", message: str = "You cannot do that now.") -> IllegalAction:
    """An action the current step does not take. Baroque's and Hansa's specs call it `wrong_phase`."""
    return IllegalAction(code, message)


def not_a_player() -> IllegalAction:
    return IllegalAction("not_a_player", "You are not seated at this table.")
