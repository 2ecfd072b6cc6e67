"""Reading a game's plain-JSON dump back: each helper returns its value typed, or raises ValueError."""


def as_int(value: object) -> int:
    if type(value) is not int:  # bool is an int to Python, never to a dump
        raise ValueError(f"expected an integer, got {value!r}")
    return value


def as_bool(value: object) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"expected a boolean, got {value!r}")
    return value


def as_str(value: object) -> str:
    if not isinstance(value, str):
        raise ValueError(f"expected a string, got {value!r}")
    return value


def as_list(value: object) -> list[object]:
    if not isinstance(value, list):
        raise ValueError(f"expected a list, got {value!r}")
    return value


def as_dict(value: object) -> dict[str, object]:
    if not isinstance(value, dict) or not all(isinstance(key, str) for key in value):
        raise ValueError(f"expected an object, got {value!r}")
    return value
