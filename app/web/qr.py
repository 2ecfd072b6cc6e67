"""QR codes of the links players pass to each other, drawn as SVG (segno: the QR standard, in pure Python)."""

import io

import segno


def _code(link: str) -> segno.QRCode:
    # Medium error correction: a phone camera still reads it off a glossy or cracked screen.
    return segno.make(link, error="m", micro=False)


def qr_svg(link: str, title: str) -> bytes:
    """A standalone SVG image of the link."""
    out = io.BytesIO()
    _code(link).save(out, kind="svg", scale=6, border=4, xmldecl=False, title=title)
    return out.getvalue()


def qr_data_uri(link: str) -> str:
    """The same, as a data: address an <img> can show without another request."""
    return _code(link).svg_data_uri(scale=6, border=4)
