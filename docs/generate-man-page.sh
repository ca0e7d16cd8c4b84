#!/usr/bin/env bash
# Writes docs/flowrun.1, the man page, from the command line's own help, with
# swift-argument-parser's generate-manual plugin. Run it after changing a command's
# help, and commit the page (ShellIntegrationTests renders it with `man -l`, and fails
# when a subcommand is missing from it).
#
#   docs/generate-man-page.sh
set -euo pipefail
cd "$(dirname "$0")/.."
swift package plugin generate-manual --configuration debug --date "$(date -u +%Y-%m-%d)" >/dev/null
# mdoc reads an empty line as a mistake (man warns of each): a paragraph break is `.Pp`.
sed 's/^$/.Pp/' .build/plugins/GenerateManual/outputs/flowrun/flowrun.1 > docs/flowrun.1
echo "wrote docs/flowrun.1"
