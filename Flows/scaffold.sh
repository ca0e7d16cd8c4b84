#!/bin/sh
# Creates a project by asking Flows/scaffold.yaml's questions, then reads the
# answers from flowrun's `--output env` result, as a script consumes a flow:
#
#   Flows/scaffold.sh               (uses `swift run flowrun`)
#   FLOWRUN=/path/to/flowrun Flows/scaffold.sh
#
# The questions go to stderr (the terminal); the result, shell assignments,
# comes on stdout. Values are single-quoted, so `eval` is safe.
set -eu
flow="$(dirname "$0")/scaffold.yaml"
flowrun=${FLOWRUN:-"swift run --quiet flowrun"}

# A run that did not finish (quit, input ended, a program failed) still prints
# its result; its exit status is kept for the message below.
status=0
result=$($flowrun run --trust --output env "$flow") || status=$?
eval "$result"

if [ "$FLOWRUN_STATUS" != finished ]; then
    echo "No project created: the run ended ${FLOWRUN_STATUS} (exit ${status}). ${FLOWRUN_MESSAGE:-}" >&2
    exit 1
fi
echo "Created ${PROJECT_NAME}: package ${PROJECT_PACKAGE_NAME}, license ${PROJECT_LICENSE}, in ${PROJECT_STACK}."
