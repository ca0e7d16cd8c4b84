#!/usr/bin/env python3
"""Checks flowrun's JSON Schema with a real validator.

usage: check_schema.py SCHEMA.json --valid FILE... --invalid FILE...

The schema must itself be valid JSON Schema 2020-12. Every --valid file must pass it and
every --invalid file must fail it. Files are read with ruamel.yaml, a YAML 1.2 loader
(PyYAML would read the key `on` as a boolean). jsonschema and ruamel.yaml are installed
with pip when missing. Prints one line per problem and exits 1 if there is any.
"""
import importlib, json, subprocess, sys


def need(module, package):
    try:
        return importlib.import_module(module)
    except ImportError:
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", package], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return importlib.import_module(module)


def main(argv):
    jsonschema = need("jsonschema", "jsonschema")
    ruamel = need("ruamel.yaml", "ruamel.yaml")
    schema = json.load(open(argv[1]))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    yaml = ruamel.YAML(typ="safe", pure=True)
    # ruamel's safe loader reads `2026-01-01T09:00:00Z` as a timestamp, which the YAML 1.2
    # core schema (and flowrun, and yaml-language-server) read as a string.
    yaml.constructor.add_constructor("tag:yaml.org,2002:timestamp", yaml.constructor.__class__.construct_yaml_str)
    groups = {"--valid": [], "--invalid": []}
    current = None
    for argument in argv[2:]:
        if argument in groups:
            current = argument
        elif current:
            groups[current].append(argument)
    problems = []
    for path in groups["--valid"]:
        errors = list(validator.iter_errors(yaml.load(open(path))))
        if errors:
            problems.append(f"{path}: should pass, but: {errors[0].message} at {list(errors[0].absolute_path)}")
    for path in groups["--invalid"]:
        if validator.is_valid(yaml.load(open(path))):
            problems.append(f"{path}: should fail the schema, but passes")
    for problem in problems:
        print(problem)
    print(f"{len(groups['--valid'])} valid and {len(groups['--invalid'])} invalid files checked, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
