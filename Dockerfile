FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    ZASHIKI_HOST=0.0.0.0 \
    ZASHIKI_PORT=8000

WORKDIR /srv/zashiki
COPY requirements.txt ./
RUN pip install --no-cache-dir --disable-pip-version-check uv \
 && uv pip install --system --no-cache -r requirements.txt \
 && useradd --create-home --uid 10001 zashiki
COPY --chown=zashiki:zashiki . .
RUN mkdir -p data && chown zashiki:zashiki data
USER zashiki

EXPOSE 8000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen(f\"http://127.0.0.1:{os.environ['ZASHIKI_PORT']}/healthz\", timeout=2)"]
# Applies pending migrations, rebuilds unfinished tables, then serves.
CMD ["python", "-m", "app"]
