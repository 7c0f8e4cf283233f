# The bot as a container image: Python 3.11, the project installed with pip, `python -m bot`.
# Settings come from the environment (docs/configuration.md); see docs/scale-out.md.
FROM python:3.11-slim

WORKDIR /opt/tarot
COPY pyproject.toml README.md LICENSE ./
COPY tarot_core ./tarot_core
COPY bot ./bot
RUN pip install --no-cache-dir . \
    && useradd --system --create-home tarot \
    && mkdir /data && chown tarot /data

# A SQLite TAROT_DB lives in /data (mount a volume there); set TAROT_DB to a PostgreSQL URL
# to run several processes.
USER tarot
WORKDIR /data
ENV TAROT_DB=/data/tarot.sqlite3
CMD ["python", "-m", "bot"]
