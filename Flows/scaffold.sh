#!/bin/sh
# Creates a project by asking Flows/scaffold.yaml's questions, then reads the
# answers from flowrun's `--output env` result, as a script consumes a flow:
#
#   cd /tmp && /path/to/flowrun-checkout/Flows/scaffold.sh   (builds with `swift run`)
#   FLOWRUN=/path/to/flowrun Flows/scaffold.sh
#
# The project is created in the current folder.
# The questions go to stderr (the terminal); the result, shell assignments,
# comes on stdout. Values are single-quoted, so `eval` is safe.
#
# The answers are also saved, in scaffold-answers.yaml (or $SCAFFOLD_ANSWERS),
# with --save-answers. Where that file exists, the run replays it instead of
# asking (--answers FILE --defaults): run the script again to create the same
# project again; delete the file to be asked afresh.
set -eu
here=$(dirname "$0")
flow="$here/scaffold.yaml"
flowrun=${FLOWRUN:-"swift run --quiet --package-path $here/.. flowrun"}
answers=${SCAFFOLD_ANSWERS:-scaffold-answers.yaml}

replaying=false
if [ -f "$answers" ]; then
    replaying=true
    set -- --answers "$answers" --defaults
else
    set --
fi

# A run that did not finish (quit, input ended, a program failed) still prints
# its result; its exit status is kept for the message below.
status=0
result=$($flowrun run --trust --output env --save-answers "$answers" "$@" "$flow") || status=$?
eval "$result"

if [ "${FLOWRUN_STATUS:-}" != finished ]; then
    # Answers of a run that did not finish would replay a run that cannot.
    if [ "$replaying" = false ]; then rm -f "$answers"; fi
    echo "No project created: the run ended ${FLOWRUN_STATUS:-before it started} (exit ${status}). ${FLOWRUN_MESSAGE:-}" >&2
    exit 1
fi
echo "Created ${PROJECT_NAME}: package ${PROJECT_PACKAGE_NAME}, license ${PROJECT_LICENSE}, in ${PROJECT_STACK}."
