"""The parts of deploy/ the tier cannot run here (systemd) say what the tier runs: the app unit starts
scripts/serve.sh with the settings the tier's servers have, the backup unit runs deploy/backup.sh,
the upgrade migrates once and reloads; and the nginx site the tier serves is deploy/'s, rendered."""

from __future__ import annotations

import configparser
from pathlib import Path

from .cluster import Cluster

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"


def unit(name: str) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read_string((DEPLOY / name).read_text())
    return parser


def test_the_app_unit_starts_what_the_tier_starts(club: Cluster) -> None:
    service = unit("scorekeeper@.service")["Service"]
    assert service["ExecStart"] == "/opt/scorekeeper/scripts/serve.sh"
    lines = (DEPLOY / "scorekeeper@.service").read_text().splitlines()
    environment = " ".join(line.split("=", 1)[1] for line in lines if line.startswith("Environment="))
    settings = dict(pair.split("=", 1) for pair in environment.split())
    assert settings["HOST"] == "127.0.0.1" and settings["PORT"] == "%i"
    assert settings["SCOREKEEPER_INSTANCE"] == "/var/lib/scorekeeper/%i"  # a folder per server
    for name in ("SCOREKEEPER_TRUSTED_PROXIES",):
        assert settings[name] == club.env[name]
    assert service["ExecReload"] == "/bin/kill -HUP $MAINPID"  # what Cluster.upgrade sends
    assert service["EnvironmentFile"] == "/etc/scorekeeper/env"


def test_backups_and_upgrades_run_the_commands_the_tier_runs() -> None:
    backup = unit("scorekeeper-backup.service")["Service"]
    assert backup["ExecStart"].startswith("/opt/scorekeeper/deploy/backup.sh ")
    assert unit("scorekeeper-backup.timer")["Timer"]["OnCalendar"]
    upgrade = (DEPLOY / "upgrade.sh").read_text()
    assert ".venv/bin/scorekeeper db upgrade" in upgrade and 'systemctl reload "$unit"' in upgrade
    assert 'site "127.0.0.1:$port"' in upgrade and "DOWN=$1 deploy/render-site.sh" in upgrade  # as upgrade()


def test_the_tier_serves_the_site_of_deploy(club: Cluster) -> None:
    served = (club.nginx.folder / "site.conf").read_text()
    template = (DEPLOY / "nginx-site.conf").read_text()
    directives = [line.strip() for line in template.splitlines() if line.strip() and "@" not in line]
    assert all(d in served for d in directives)  # everything but the filled-in fields, as written
    assert "@" not in "".join(line for line in served.splitlines() if not line.lstrip().startswith("#"))
