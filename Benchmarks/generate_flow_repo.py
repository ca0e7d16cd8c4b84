#!/usr/bin/env python3
"""Generate a repository of flow files: many small files in nested folders.

Usage: python3 generate_flow_repo.py OUTDIR [COUNT [SEED]]

Writes COUNT files (default 2000) of 2,000 to 20,000 bytes each under OUTDIR, as
TEAM/AREA/NAME.yaml or TEAM/NAME.yaml, and prints one line,
`flow-repo files=<N> bytes=<B> dirs=<D> seed=<S>`.  OUTDIR must not exist yet.

Each file is a root flow whose home screen opens a few child flows, shaped like the
examples in Flows/: sign-in forms (with a nested sign-up flow and its `done` handler),
forms with a field of every type, catalogue browsers with nested detail flows,
settings started by `replace`, step-by-step wizards and support desks that `exit`.
Handlers use `when` guards, `set` with expressions, `say`, `push`, `replace`, `back`,
`send`, `finish` and `exit`; flows declare `result`; texts hold `{{ }}` templates,
comments, block scalars and some non-ASCII words; block and flow style are mixed.
Every file validates with no diagnostic at all under `flowrun validate --strict`.

Sizes are drawn log-uniformly between 2 and 20 KB, so small files are the most common,
as in a real repository.  The output depends only on COUNT and SEED (default 7): one
random.Random(SEED) draws everything, in file order.
"""

import os
import random
import sys

DEFAULT_COUNT = 2000
DEFAULT_SEED = 7
MIN_BYTES = 2_000
MAX_BYTES = 20_000

TEAMS = {
    "payments": ["checkout", "refunds", "invoices", "wallet"],
    "identity": ["login", "recovery", "mfa", "profile"],
    "onboarding": ["signup", "tour", "import"],
    "support": ["tickets", "faq", "chat", "returns"],
    "catalog": ["search", "products", "reviews"],
    "growth": ["surveys", "referrals", "newsletter"],
    "ops": ["deploy", "incidents", "access", "backups"],
    "mobile": ["settings", "notifications"],
    "data": ["exports", "reports", "consent"],
}
VERBS = ["request", "manage", "review", "update", "start", "confirm", "browse", "report",
         "order", "renew", "cancel", "setup", "apply", "track", "edit", "share"]
NOUNS = ["account", "refund", "invoice", "order", "address", "plan", "device", "ticket",
         "payment", "profile", "return", "backup", "survey", "report", "subscription",
         "password", "team", "booking", "export", "access"]
WORDS = ["account", "profile", "review", "confirm", "details", "payment", "address",
         "contact", "summary", "welcome", "settings", "security", "order", "basket",
         "team", "plan", "device", "update", "billing", "notice", "request"]
# Non-ASCII samples: accented Latin, CJK, Cyrillic, a symbol.
UNICODE_WORDS = ["café", "日本", "naïve", "Zürich", "données", "привет", "✓ done", "Ærø"]
PRODUCTS = ["sencha", "assam", "rooibos", "espresso", "mocha", "chai", "oolong", "matcha",
            "lapsang", "earl_grey"]
TOPICS = ["work", "home", "errands", "ideas", "urgent", "travel", "money", "health"]
THEMES = [("light", "Light"), ("dark", "Dark"), ("contrast", "High contrast"),
          ("sepia", "Sepia")]
SEVERITIES = ["low", "normal", "high", "critical"]


def words(rng, n):
    """N random words; now and then one of them non-ASCII."""
    out = [rng.choice(WORDS) for _ in range(n)]
    if rng.random() < 0.25:
        out[rng.randrange(n)] = rng.choice(UNICODE_WORDS)
    return " ".join(out)


def title(rng, n=2):
    return words(rng, n).title()


def q(text):
    """A double-quoted YAML scalar (the texts never hold quotes or backslashes)."""
    return f'"{text}"'


def shift(lines, n):
    pad = " " * n
    return [pad + line if line else line for line in lines]


def mapping(pairs):
    """A flow-style mapping from (key, value-as-written) pairs."""
    return "{ " + ", ".join(f"{k}: {v}" for k, v in pairs) + " }"


def field(rng, pairs, extra=None):
    """A field as a list entry, in flow style when it is short and extra is empty,
    otherwise (or at random) in block style. EXTRA: lines of nested block content."""
    if not extra and rng.random() < 0.5:
        return ["- " + mapping(pairs)]
    lines = []
    for i, (k, v) in enumerate(pairs):
        lines.append(("- " if i == 0 else "  ") + f"{k}: {v}")
    lines += shift(extra or [], 2)
    return lines


def action(rng, ident, label=None, key=None, when=None, validate=None):
    pairs = [("id", ident)]
    if label is not None:
        pairs.append(("label", q(label)))
    if key is not None:
        pairs.append(("key", q(key) if not key.isalnum() else key))
    if when is not None:
        pairs.append(("when", when))
    if validate is not None:
        pairs.append(("validate", validate))
    if len(pairs) == 1 and rng.random() < 0.5:
        return f"- {ident}"
    return "- " + mapping(pairs)


def text_block(rng, key, parts):
    """KEY: a template built of PARTS (strings), as a quoted scalar or a block scalar."""
    style = rng.random()
    if style < 0.45:
        return [f"{key}: {q(' '.join(parts))}"]
    lines = [f"{key}: {'|' if style < 0.75 else '>-'}"]
    lines += ["  " + p for p in parts]
    return lines


class Module:
    """One child flow of the root: its lines under `flows:`, the root's handlers that
    belong to it, the root's action that opens it, and how that action starts it."""

    def __init__(self, fid, lines, root_on, label, verb="push"):
        self.fid, self.lines, self.root_on, self.label, self.verb = fid, lines, root_on, label, verb


# --- module kinds -------------------------------------------------------------------


def signin(rng, fid, ctx):
    tries = rng.randint(3, 5)
    with_signup = rng.random() < 0.6
    with_forgot = rng.random() < 0.5
    with_failed = rng.random() < 0.7
    lines = [
        f"{fid}:",
        f"  title: {q('Sign in to ' + ctx['title'])}",
        "  start: welcome",
        "  variables:",
        "    attempts: 0",
        f"    max_attempts: {tries}",
        "  on:",
        "    sign_in: { push: credentials }",
    ]
    if with_signup:
        lines.append(f"    sign_up: {{ push: {fid}_signup }}   # presented on top of welcome")
    if with_forgot:
        lines.append("    forgot: { push: forgot }")
        lines += [
            "    send_link:",
            "      set: { attempts: 0 }",
            '      say: "A link is on its way to {{ recovery_email }}."',
            "      back: true",
        ]
    lines += [
        "    submit:",
        '      - when: username == "alice" && password == "wonderland"',
        "        finish: true",
        "      - when: attempts + 1 >= max_attempts",
        "        set: { attempts: attempts + 1 }",
        f"        exit: {{ code: 4, message: {q('Too many failed attempts for {{ username }}.')} }}",
        "      - set: { attempts: attempts + 1 }",
    ]
    if with_failed:
        lines.append("        push: failed")
    else:
        lines.append(f"        say: {q('Wrong password, {{ max_attempts - attempts }} attempt(s) left.')}")
    if with_signup:
        lines += [
            f"    # `{fid}_signup` finished: it is dismissed first, then this runs.",
            f"    {fid}_signup.done:",
            "      set:",
            f"        username: {fid}_signup.new_username",
            f"      say: {q('Account created for {{ ' + fid + '_signup.new_username }}. Sign in now.')}",
            "      push: credentials",
        ]
    lines += [
        "  # From outside, only these names are readable.",
        "  result:",
        "    name: username",
        "    tries: attempts",
        "  screens:",
        "    welcome:",
        "      title: Welcome",
    ]
    lines += shift(text_block(rng, "text", [words(rng, 5).capitalize() + ".",
                                            "Sign in, or create an account."]), 6)
    lines += ["      actions:"]
    acts = [action(rng, "sign_in", "Sign in", "i")]
    if with_signup:
        acts.append(action(rng, "sign_up", "Create an account", "c"))
    acts.append(action(rng, "help", key="?"))
    acts.append(action(rng, "back", "Cancel", "b"))
    lines += shift(acts, 8)
    lines += ["    credentials:", "      title: Sign in", "      fields:"]
    lines += shift(field(rng, [("id", "username"), ("label", "User name"), ("required", "true"),
                               ("min", "3"), ("placeholder", "alice")]), 8)
    lines += shift(field(rng, [("id", "password"), ("type", "secret"), ("label", "Password"),
                               ("required", "true")]), 8)
    if rng.random() < 0.5:
        lines += shift(field(rng, [("id", "keep_signed_in"), ("type", "boolean"),
                                   ("label", q("Keep me signed in?")), ("default", "false")]), 8)
    lines += ["      actions:"]
    acts = [action(rng, "submit", "Sign in", "s")]
    if with_forgot:
        acts.append(action(rng, "forgot", "Forgot password?", "f", validate="false"))
    acts.append(action(rng, "back", key="b"))
    lines += shift(acts, 8)
    if with_failed:
        lines += ["    failed:", "      title: Sign-in failed"]
        lines += shift(text_block(rng, "text", [
            "Sign-in failed for {{ username }}",
            "(attempt {{ attempts }} of {{ max_attempts }})."]), 6)
        lines += [
            "      actions:",
            "        - { id: retry, label: Try again, key: r }",
            "      on:",
            "        retry: { back: true }     # the screen handles this one itself",
        ]
    if with_forgot:
        lines += ["    forgot:", f"      title: {q('Reset your password')}", "      fields:"]
        lines += shift(field(rng, [("id", "recovery_email"), ("label", "E-mail address"),
                                   ("required", "true"), ("pattern", "'[^@ ]+@[^@ ]+'"),
                                   ("message", q("That is not an e-mail address."))]), 8)
        lines += ["      actions:"]
        lines += shift([action(rng, "send_link", "Send a link", "l"), action(rng, "back", key="b")], 8)
    if with_signup:
        lines += signup(rng, f"{fid}_signup")
    root_on = [
        f"{fid}.done:",
        "  set:",
        f"    user: {fid}.name",
        "    visits: visits + 1",
        f"  say: {q('Signed in as {{ ' + fid + '.name }} after {{ ' + fid + '.tries }} failed attempt(s).')}",
    ]
    return Module(fid, lines, root_on, "Sign in")


def signup(rng, fid):
    """A nested child flow under `flows:` of a module (indented for it)."""
    lines = [
        f"{fid}:",
        f"  title: {q('New account')}",
        "  start: register",
        "  on:",
        "    continue: { push: choose_password }",
        "    create: { finish: true }",
        "  result:",
        "    new_username: new_username",
        "    email: email",
        "  screens:",
        "    register:",
        "      title: Create an account",
        "      fields:",
    ]
    lines += shift(field(rng, [("id", "email"), ("label", "E-mail address"),
                               ("placeholder", "you@example.com"), ("required", "true"),
                               ("pattern", "'[^@ ]+@[^@ ]+'"),
                               ("message", q("That is not an e-mail address."))]), 8)
    taken = rng.choice(["alice", "admin", "root", "bob"])
    lines += shift(field(rng, [("id", "new_username"), ("label", q("Choose a user name")),
                               ("required", "true"), ("min", "3"), ("max", "20"),
                               ("pattern", "'[a-z][a-z0-9_]*'")],
                         ["validate:", f"  - rule: new_username != {q(taken)}",
                          "    message: That user name is taken."]), 8)
    lines += ["      actions:", "        - { id: continue, key: c }",
              "        # The bottom of a presented flow: `back` dismisses it.",
              "        - { id: back, label: Cancel, key: b }",
              "    choose_password:", "      title: Choose a password", "      fields:"]
    lines += shift(field(rng, [("id", "new_password"), ("type", "secret"), ("label", "Password"),
                               ("required", "true"), ("min", "8"),
                               ("help", q("At least 8 characters."))]), 8)
    lines += shift(field(rng, [("id", "password_again"), ("type", "secret"),
                               ("label", q("Password (again)")), ("required", "true")],
                         ["validate:", "  - rule: password_again == new_password",
                          "    message: The two passwords do not match."]), 8)
    lines += shift(field(rng, [("id", "accept_terms"), ("type", "boolean"),
                               ("label", q("Accept the terms of service?")), ("default", "false")]), 8)
    lines += ["      actions:",
              "        - { id: create, label: Create account, key: c, when: accept_terms }",
              "        - { id: back, key: b }"]
    return shift(["flows:"] + shift(lines, 2), 2)


def form(rng, fid, ctx):
    """A profile form with a field of every type, over two or three screens."""
    plans = rng.sample(["free", "basic", "pro", "team", "enterprise"], rng.randint(3, 4))
    multi = rng.sample(TOPICS, rng.randint(4, 6))
    with_confirm = rng.random() < 0.5
    gated = rng.choice(plans)
    lines = [
        f"{fid}:",
        f"  title: {q(title(rng))}",
        "  start: basics",
        "  on:",
        "    next: { push: details }",
    ]
    if with_confirm:
        lines.append("    review: { push: confirm }")
    lines += [
        "    save:",
        f"      - when: plan == {q(gated)} && seats < 2",
        f"        say: {q('The ' + gated + ' plan needs at least two seats.')}",
        "      - finish: true",
        "  result:",
        "    summary: 'full_name + \" (\" + plan + \")\"'",
        "    seats: seats",
        "    monthly: double(seats) * rate",
        "  screens:",
        "    basics:",
        f"      title: {q(title(rng))}",
    ]
    if rng.random() < 0.5:
        lines += shift(text_block(rng, "text", [words(rng, 6).capitalize() + ".",
                                                "Fields marked required must be answered."]), 6)
    lines += ["      fields:"]
    lines += shift(field(rng, [("id", "full_name"), ("label", "Full name"), ("required", "true"),
                               ("min", "2"), ("max", "60"), ("placeholder", q("Ada Lovelace"))]), 8)
    lines += shift(field(rng, [("id", "age"), ("type", "integer"), ("label", "Age"),
                               ("min", str(rng.choice([13, 16, 18]))), ("max", "120"),
                               ("help", q("Leave empty to skip."))]), 8)
    lines += shift(field(rng, [("id", "rate"), ("type", "number"), ("label", q("Hourly rate")),
                               ("default", "12.5"), ("min", "0.5"), ("max", "999.0")]), 8)
    lines += shift(field(rng, [("id", "newsletter"), ("type", "boolean"),
                               ("label", q("Send me the newsletter?")), ("default", "false")]), 8)
    opts = ["options:"] + [f"  - {{ value: {p}, label: {p.title()} }}" for p in plans]
    if rng.random() < 0.4:
        opts = [f"options: [{', '.join(plans)}]"]
    lines += shift(field(rng, [("id", "plan"), ("type", "choice"), ("label", "Plan"),
                               ("required", "true"), ("default", plans[0])], opts), 8)
    lines += shift(field(rng, [("id", "seats"), ("type", "integer"), ("label", "Seats"),
                               ("default", "1"), ("min", "1"), ("max", "500"),
                               ("when", q(f"plan == '{gated}'"))]), 8)
    lines += shift(field(rng, [("id", "topics"), ("type", "multichoice"), ("label", "Topics"),
                               ("help", q("Pick one to three.")), ("min", "1"), ("max", "3"),
                               ("default", f"[{multi[0]}]"), ("options", f"[{', '.join(multi)}]")]), 8)
    lines += shift(field(rng, [("id", "frequency"), ("type", "choice"), ("label", q("How often?")),
                               ("options", "[daily, weekly, monthly]"), ("when", "newsletter")]), 8)
    lines += ["      actions:"]
    lines += shift([action(rng, "next", "Next", "n"), action(rng, "help", key="?"),
                    action(rng, "back", "Cancel", "b")], 8)
    lines += ["    details:", f"      title: {q('More about {{ full_name }}')}", "      fields:"]
    lines += shift(field(rng, [("id", "bio"), ("label", "About you"), ("max", "500"),
                               ("placeholder", "Optional")]), 8)
    lines += shift(field(rng, [("id", "pin"), ("type", "secret"), ("label", "PIN"),
                               ("required", "true"), ("pattern", "'[0-9]{4,6}'"),
                               ("message", q("Use four to six digits."))]), 8)
    lines += shift(field(rng, [("id", "pin_again"), ("type", "secret"), ("label", q("PIN (again)")),
                               ("required", "true")],
                         ["validate:", "  - rule: pin_again == pin",
                          "    message: The two PINs differ."]), 8)
    lines += ["      actions:"]
    lines += shift([action(rng, "review" if with_confirm else "save",
                           "Review" if with_confirm else "Save", "r" if with_confirm else "s"),
                    action(rng, "back", key="b")], 8)
    if with_confirm:
        lines += ["    confirm:", f"      title: {q('Review: {{ full_name }}')}"]
        lines += shift(text_block(rng, "text", [
            "Plan: {{ plan }} for {{ seats }} seat(s) at {{ rate }} an hour.",
            "Topics: {{ topics }}.", "Newsletter: {{ newsletter ? frequency : 'no' }}."]), 6)
        lines += ["      actions:"]
        lines += shift([action(rng, "save", "Save", "s"), action(rng, "back", "Edit", "e")], 8)
    root_on = [
        f"{fid}.done:",
        f"  set: {{ score: score + {fid}.seats }}",
        f"  say: {q('Saved {{ ' + fid + '.summary }}: {{ ' + fid + '.monthly }} a month.')}",
    ]
    return Module(fid, lines, root_on, title(rng))


def browser(rng, fid, ctx):
    """A catalogue with a nested detail flow (and a question flow nested in that)."""
    items = rng.sample(PRODUCTS, rng.randint(3, 6))
    prices = {p: rng.randint(2, 40) for p in items}
    detail = f"{fid}_detail"
    question = f"{fid}_question"
    with_question = rng.random() < 0.6
    lines = [
        f"{fid}:",
        f"  title: {q(title(rng))}",
        "  start: catalog",
        "  variables:",
        '    lines: ""',
        "    count: 0",
        "    total: 0",
        "    prices: " + mapping([(p, str(v)) for p, v in prices.items()]),
        "  on:",
        f"    view: {{ push: {detail} }}      # presented on top of catalog",
        "    checkout: { push: basket }",
        "    pay: { replace: receipt }",
        "    add_to_basket:",
        "      set:",
        f"        count: count + {detail}.quantity",
        f"        total: total + prices[item] * {detail}.quantity",
        f"        lines: 'lines + (lines == \"\" ? \"\" : \", \") + string({detail}.quantity) + \" x \" + item'",
        f"      say: {q('Added {{ ' + detail + '.quantity }} x {{ item }}. Basket: {{ count }}, {{ total }} EUR.')}",
        f"    {detail}.done:",
        f"      say: {q('Back to the catalogue.')}",
        "  result:",
        "    total: total",
        "    count: count",
        "  screens:",
        "    catalog:",
        f"      title: {q(title(rng))}",
        f"      text: {q('Basket: {{ count }} item(s), {{ total }} EUR.')}",
        "      fields:",
        "        - id: item",
        "          type: choice",
        f"          label: {q('Which one?')}",
        "          required: true",
        "          options:",
    ]
    lines += [f"            - {{ value: {p}, label: {q(p.replace('_', ' ').title() + ' (' + str(v) + ' EUR)')} }}"
              for p, v in prices.items()]
    lines += ["      actions:"]
    lines += shift([action(rng, "view", "View details", "v"),
                    action(rng, "checkout", "Check out", "c", when="count > 0"),
                    action(rng, "back", "Leave", "b")], 8)
    lines += ["    basket:", f"      title: {q('Your basket')}",
              f"      text: {q('{{ lines }}: {{ total }} EUR in all.')}", "      actions:"]
    lines += shift([action(rng, "pay", "Pay {{ total }} EUR", "p", when="count > 0"),
                    action(rng, "clear_basket", "Empty the basket", "e"),
                    action(rng, "back", "Keep shopping", "b")], 8)
    lines += ["      on:", "        clear_basket:",
              "          set:              # CEL expressions, quoted so YAML keeps them as text",
              "            lines: '\"\"'", "            count: '0'", "            total: '0'",
              "          say: The basket is empty.", "          back: true",
              "    receipt:", f"      title: {q('Thank you!')}",
              f"      text: {q('You bought {{ lines }} for {{ total }} EUR.')}", "      fields:"]
    lines += shift(field(rng, [("id", "rating"), ("type", "integer"),
                               ("label", q("How was it? (1-5)")), ("min", "1"), ("max", "5")]), 8)
    lines += ["      terminal: true    # the flow finishes once this is answered"]
    sub = [
        f"{detail}:",
        f"  title: {q('{{ item }}')}",
        "  start: info",
        "  on:",
        "    show_reviews: { push: reviews }",
        "    done_viewing: { finish: true }",
    ]
    if with_question:
        sub += [f"    ask: {{ push: {question} }}",
                f"    {question}.done:",
                f"      say: {q('We will answer {{ ' + question + '.email }} soon.')}"]
    sub += ["  screens:", "    info:",
            f"      title: {q('{{ item }} at {{ prices[item] }} EUR')}", "      fields:"]
    sub += shift(field(rng, [("id", "quantity"), ("type", "integer"), ("label", q("How many?")),
                             ("default", "1"), ("min", "1"), ("max", "9")]), 8)
    sub += ["      actions:"]
    acts = [action(rng, "add_to_basket", "Add to basket", "a"),
            action(rng, "show_reviews", "Reviews", "r"),
            action(rng, "done_viewing", "Done", "d")]
    if with_question:
        acts.append(action(rng, "ask", "Ask a question", "q"))
    acts.append(action(rng, "back", "Back to the catalogue", "b"))
    sub += shift(acts, 8)
    sub += ["    reviews:", f"      title: {q('What people say about {{ item }}')}"]
    sub += shift(text_block(rng, "text", [words(rng, 5).capitalize() + " (5 stars)",
                                          words(rng, 4).capitalize() + " (4 stars)"]), 6)
    sub += ["      actions:"]
    sub += shift([action(rng, "add_to_basket", "Add to basket", "a"), action(rng, "back", key="b")], 8)
    if with_question:
        qs = [f"{question}:", f"  title: {q('Ask about {{ item }}')}", "  start: ask_form",
              "  on:", "    send_question: { finish: true }",
              "  result:", "    email: email", "  screens:", "    ask_form:", "      fields:"]
        qs += shift(field(rng, [("id", "email"), ("label", "E-mail"), ("required", "true"),
                                ("pattern", "'[^@ ]+@[^@ ]+'")]), 8)
        qs += shift(field(rng, [("id", "question_text"), ("label", "Your question"),
                                ("required", "true"), ("max", "400")]), 8)
        qs += shift(field(rng, [("id", "urgent"), ("type", "boolean"), ("label", q("Urgent?"))]), 8)
        qs += ["      actions:"]
        qs += shift([action(rng, "send_question", "Send", "s"), action(rng, "back", key="b")], 8)
        sub += ["  flows:"] + shift(qs, 4)
    lines += ["  flows:"] + shift(sub, 4)
    root_on = [
        f"{fid}.done:",
        "  set:",
        f"    score: score + {fid}.count",
        f"    last_note: '\"spent \" + string({fid}.total)'",
        f"  say: {q('You spent {{ ' + fid + '.total }} EUR.')}",
    ]
    return Module(fid, lines, root_on, title(rng))


def settings(rng, fid, ctx):
    """Settings started by `replace`: it takes the home screen's place until it ends."""
    themes = [t for t in THEMES if t[0] == "light"] + rng.sample(
        [t for t in THEMES if t[0] != "light"], rng.randint(1, 3))
    with_advanced = rng.random() < 0.6
    root = ctx["root"]
    lines = [
        f"{fid}:",
        f"  title: {q('Settings')}",
        "  start: prefs",
        "  on:",
        "    save:",
        f"      set: {{ {root}.theme: chosen_theme }}   # assigns the root's variable",
        "      finish: true",
        f"    cancel: {{ send: {fid}_cancelled }}",
    ]
    if with_advanced:
        lines += ["    advanced: { push: advanced }", "    apply:",
                  f"      say: {q('Proxy set to {{ proxy }}, {{ retries }} retries.')}",
                  "      back: true"]
    lines += ["  screens:", "    prefs:", f"      title: {q('Your preferences')}", "      fields:"]
    lines += shift(field(rng, [("id", "chosen_theme"), ("type", "choice"), ("label", "Theme"),
                               ("default", "light")],
                         ["options:"] + [f"  - {{ value: {v}, label: {l} }}" for v, l in themes]), 8)
    lines += shift(field(rng, [("id", "font_size"), ("type", "integer"), ("label", q("Font size")),
                               ("default", "14"), ("min", "8"), ("max", "32")]), 8)
    lines += shift(field(rng, [("id", "volume"), ("type", "number"), ("label", "Volume"),
                               ("default", "0.5"), ("min", "0.0"), ("max", "1.0")]), 8)
    lines += shift(field(rng, [("id", "sounds"), ("type", "boolean"), ("label", q("Play sounds?")),
                               ("default", "true")]), 8)
    lines += ["      actions:"]
    acts = [action(rng, "save", "Save", "s")]
    if with_advanced:
        acts.append(action(rng, "advanced", "Advanced", "a"))
    acts.append(action(rng, "cancel", "Cancel", "c", validate="false"))
    lines += shift(acts, 8)
    if with_advanced:
        lines += ["    advanced:", f"      title: {q('Advanced')}", "      fields:"]
        lines += shift(field(rng, [("id", "proxy"), ("label", "Proxy"),
                                   ("placeholder", q("host:port")),
                                   ("pattern", "'[a-z0-9.-]+:[0-9]+'")]), 8)
        lines += shift(field(rng, [("id", "retries"), ("type", "integer"), ("label", "Retries"),
                                   ("default", "3"), ("min", "0"), ("max", "10")]), 8)
        lines += ["      actions:"]
        lines += shift([action(rng, "apply", "Apply", "a"), action(rng, "back", key="b")], 8)
    root_on = [
        f"{fid}.done:",
        f"  say: {q('The theme is now {{ theme }}.')}",
        "  replace: home",
        f"{fid}_cancelled:",
        "  say: Nothing was changed.",
        "  replace: home",
    ]
    return Module(fid, lines, root_on, "Settings", verb="replace")


def wizard(rng, fid, ctx, steps=None):
    """Two to six steps, each a screen of one to three fields of any type."""
    steps = steps or rng.randint(2, 6)
    lines = [
        f"{fid}:",
        f"  title: {q(title(rng, 3))}",
        "  start: step1",
        "  variables: { progress: 0 }",
        "  on:",
        "    submit:",
        f"      - when: progress >= {steps - 1}",
        "        finish: true",
        f"      - say: {q('Answer every step first.')}",
        "  result:",
        "    progress: progress",
        "    first: s1_a",
        "  screens:",
    ]
    for k in range(1, steps + 1):
        lines += [f"    step{k}:", f"      title: {q('Step ' + str(k) + ' of ' + str(steps) + ': ' + title(rng))}"]
        if rng.random() < 0.5:
            lines += shift(text_block(rng, "text", [words(rng, rng.randint(4, 9)).capitalize() + ".",
                                                    "Progress: {{ progress }} of " + str(steps) + "."]), 6)
        lines += ["      fields:"]
        lines += shift(field(rng, [("id", f"s{k}_a"), ("label", q(title(rng))), ("required", "true"),
                                   ("max", "80")]), 8)
        kind = rng.choice(["integer", "number", "boolean", "choice", "multichoice", "secret"])
        fb = f"s{k}_b"
        if kind == "integer":
            lines += shift(field(rng, [("id", fb), ("type", "integer"), ("label", q(title(rng))),
                                       ("default", "2"), ("min", "0"), ("max", "99")],
                                 ["validate:", f"  - rule: {fb} % 2 == 0",
                                  "    message: Use an even number."]), 8)
        elif kind == "number":
            lines += shift(field(rng, [("id", fb), ("type", "number"), ("label", q(title(rng))),
                                       ("min", "0.0"), ("max", "100.0")]), 8)
        elif kind == "boolean":
            lines += shift(field(rng, [("id", fb), ("type", "boolean"), ("label", q(title(rng) + "?")),
                                       ("default", "true")]), 8)
            lines += shift(field(rng, [("id", f"s{k}_c"), ("label", q("Why?")), ("when", fb)]), 8)
        elif kind == "choice":
            opts = rng.sample(SEVERITIES, 3)
            lines += shift(field(rng, [("id", fb), ("type", "choice"), ("label", q(title(rng))),
                                       ("options", f"[{', '.join(opts)}]"), ("required", "true")]), 8)
            lines += shift(field(rng, [("id", f"s{k}_c"), ("type", "integer"), ("label", q("How many?")),
                                       ("when", q(f"{fb} == '{opts[0]}'")), ("min", "1")]), 8)
        elif kind == "multichoice":
            opts = rng.sample(TOPICS, 4)
            lines += shift(field(rng, [("id", fb), ("type", "multichoice"), ("label", q(title(rng))),
                                       ("options", f"[{', '.join(opts)}]"), ("max", "2")]), 8)
        else:
            lines += shift(field(rng, [("id", fb), ("type", "secret"), ("label", "Token"),
                                       ("min", "8"), ("pattern", "'[A-Za-z0-9]+'")]), 8)
        lines += ["      actions:"]
        acts = [action(rng, "next", "Next", "n") if k < steps else action(rng, "submit", "Submit", "s")]
        acts.append(action(rng, "back", "Cancel" if k == 1 else "Previous", "b"))
        lines += shift(acts, 8)
        if k < steps:
            lines += ["      on:", "        next:", f"          set: {{ progress: {k} }}",
                      f"          push: step{k + 1}"]
    root_on = [
        f"{fid}.done:",
        f"  set: {{ last_note: {fid}.first }}",
        f"  say: {q('Finished all ' + str(steps) + ' steps: {{ ' + fid + '.first }}.')}",
    ]
    return Module(fid, lines, root_on, title(rng))


def support(rng, fid, ctx):
    """A support desk: a ticket form that `send`s to the root, an escalation that
    `exit`s, and a nested FAQ flow."""
    faq = f"{fid}_faq"
    code = rng.randint(5, 9)
    topics = rng.sample(["billing", "access", "shipping", "privacy", "bugs", "refunds"], rng.randint(2, 4))
    lines = [
        f"{fid}:",
        f"  title: {q('Support: ' + title(rng))}",
        "  start: triage",
        "  on:",
        f"    file_ticket: {{ send: {fid}_filed }}   # forwarded up the chain",
        "    escalate:",
        "      - when: severity == \"critical\"",
        f"        exit: {{ code: {code}, message: {q('Escalated: {{ summary }}')} }}",
        f"      - say: {q('Only critical tickets can be escalated.')}",
        f"    browse_faq: {{ push: {faq} }}",
        f"    {faq}.done:",
        f"      say: {q('Glad that helped with {{ ' + faq + '.topic }}.')}",
        "  screens:",
        "    triage:",
        f"      title: {q('How can we help, {{ user }}?')}",
        "      fields:",
    ]
    lines += shift(field(rng, [("id", "summary"), ("label", "Summary"), ("required", "true"),
                               ("max", "120")]), 8)
    lines += shift(field(rng, [("id", "severity"), ("type", "choice"), ("label", "Severity"),
                               ("default", "normal"), ("options", f"[{', '.join(SEVERITIES)}]")]), 8)
    lines += shift(field(rng, [("id", "order_no"), ("type", "integer"), ("label", q("Order number")),
                               ("min", "1"), ("when", q("severity != 'low'"))]), 8)
    lines += ["      actions:"]
    lines += shift([action(rng, "file_ticket", "File a ticket", "t"),
                    action(rng, "escalate", "Escalate", "e"),
                    action(rng, "browse_faq", "FAQ", "f", validate="false"),
                    action(rng, "back", "Close", "b")], 8)
    sub = [f"{faq}:", f"  title: {q('Questions people ask')}", "  start: topics", "  on:",
           "    read:"]
    for t in topics[:-1]:
        sub += [f"      - when: topic == {q(t)}", f"        push: {t}"]
    sub += [f"      - push: {topics[-1]}", "    solved: { finish: true }", "  result:",
            "    topic: topic", "  screens:", "    topics:", "      fields:"]
    sub += shift(field(rng, [("id", "topic"), ("type", "choice"), ("label", "Topic"),
                             ("required", "true"), ("options", f"[{', '.join(topics)}]")]), 8)
    sub += ["      actions:"]
    sub += shift([action(rng, "read", "Read", "r"), action(rng, "back", key="b")], 8)
    for t in topics:
        sub += [f"    {t}:", f"      title: {q(t.title())}"]
        sub += shift(text_block(rng, "text", [words(rng, rng.randint(5, 10)).capitalize() + ".",
                                              words(rng, rng.randint(5, 10)).capitalize() + "."]), 6)
        sub += ["      actions:"]
        sub += shift([action(rng, "solved", "That solved it", "s"),
                      action(rng, "back", "Other topics", "b")], 8)
    lines += ["  flows:"] + shift(sub, 4)
    root_on = [
        f"{fid}_filed:",
        "  set:",
        "    score: score + 1",
        f"    last_note: {fid}.summary",
        f"  say: {q('Ticket filed: {{ ' + fid + '.summary }} ({{ ' + fid + '.severity }}).')}",
    ]
    return Module(fid, lines, root_on, "Support")


KINDS = [("login", signin), ("profile", form), ("shop", browser), ("settings", settings),
         ("wizard", wizard), ("support", support)]


# --- files --------------------------------------------------------------------------


def render(rng_style, name, ftitle, modules, menu):
    """The whole file for a root flow NAME with MODULES; MENU chooses the home screen's
    style: a choice field and one `open` action with guarded branches, or one action
    per module. RNG_STYLE: fixed per file, so re-rendering gives the same text."""
    comment, intro, text_style = rng_style
    out = [f"# {comment}", "#", f"# Check it: flowrun validate --strict {name}.yaml", "",
           "version: 1", f"flow: {name}", f"title: {q(ftitle)}", "start: home",
           "variables: { visits: 0, user: \"\", score: 0, theme: light, last_note: \"\" }", "",
           "# The root handles what bubbles up from every flow below it.", "on:"]
    if menu:
        out.append("  open:")
        for m in modules[:-1]:
            out += [f"    - when: section == {q(m.fid)}", f"      {m.verb}: {m.fid}"]
        out.append(f"    - {modules[-1].verb}: {modules[-1].fid}")
    else:
        out += [f"  open_{m.fid}: {{ {m.verb}: {m.fid} }}" for m in modules]
    for m in modules:
        out += shift(m.root_on, 2)
    out += ["  help:", '    - when: user == ""',
            f"      say: {q('Nobody is signed in. Visits so far: {{ visits }}.')}",
            f"    - say: {q('Signed in as {{ user }}; score {{ score }}.')}",
            "  close: { finish: true }", "", "screens:", "  home:",
            "    title: '{{ user == \"\" ? \"" + ftitle + "\" : user }}'"]
    out += shift(text_block(random.Random(text_style), "text",
                            [intro, "Score: {{ score }}. Theme: {{ theme }}. {{ last_note }}"]), 4)
    if menu:
        out += ["    fields:", "      - id: section", "        type: choice",
                "        label: Where to?", "        required: true", "        options:"]
        out += [f"          - {{ value: {m.fid}, label: {q(m.label)} }}" for m in modules]
        out += ["    actions:", "      - { id: open, label: Open, key: o }"]
    else:
        out += ["    actions:"]
        out += [f"      - {{ id: open_{m.fid}, label: {q(m.label)} }}" for m in modules]
    out += ['      - { id: help, key: "?" }', "      - { id: close, label: Done, key: d }",
            "      - { id: quit, key: q }", "", "flows:"]
    for m in modules:
        out += shift(m.lines, 2)
    return ("\n".join(out) + "\n").encode("utf-8")


def flow_file(rng, name):
    """The bytes of one file named NAME, of a size drawn between MIN and MAX_BYTES."""
    target = int(MIN_BYTES * 10 ** rng.uniform(0.0, 1.0))
    ftitle = name.replace("_", " ").capitalize()
    style = (f"{ftitle}: {words(rng, 6)}.", words(rng, 7).capitalize() + ".", rng.randrange(1 << 30))
    menu = rng.random() < 0.5
    modules, used, data = [], {}, b""
    while True:
        kind, make = rng.choice(KINDS)
        used[kind] = used.get(kind, 0) + 1
        fid = kind if used[kind] == 1 else f"{kind}_{used[kind]}"
        ctx = {"title": ftitle, "root": name}
        module = make(rng, fid, ctx)
        candidate = render(style, name, ftitle, modules + [module], menu)
        if len(candidate) > MAX_BYTES and modules:
            # Too big: finish with a short wizard if it still fits, else stop here.
            module = wizard(rng, f"wizard_{len(modules) + 1}_end", ctx, 2)
            candidate = render(style, name, ftitle, modules + [module], menu)
            if len(candidate) <= MAX_BYTES:
                data = candidate
            break
        modules.append(module)
        data = candidate
        if len(data) >= target:
            break
    return data


def main(argv):
    if len(argv) < 2 or len(argv) > 4:
        sys.stderr.write(f"usage: {argv[0]} OUTDIR [COUNT [SEED]]\n")
        return 2
    out = argv[1]
    try:
        count = int(argv[2]) if len(argv) > 2 else DEFAULT_COUNT
        seed = int(argv[3]) if len(argv) > 3 else DEFAULT_SEED
    except ValueError:
        count = 0
    if count <= 0:
        sys.stderr.write(f"{argv[0]}: COUNT must be a positive integer\n")
        return 2
    if os.path.exists(out):
        sys.stderr.write(f"{argv[0]}: {out} exists; remove it first\n")
        return 1
    rng = random.Random(seed)
    total, dirs = 0, set()
    for i in range(count):
        team = rng.choice(list(TEAMS))
        folder = os.path.join(out, team)
        if rng.random() < 0.75:
            folder = os.path.join(folder, rng.choice(TEAMS[team]))
        name = f"{rng.choice(VERBS)}_{rng.choice(NOUNS)}_{i:04d}"
        data = flow_file(rng, name)
        os.makedirs(folder, exist_ok=True)
        dirs.add(folder)
        with open(os.path.join(folder, name + ".yaml"), "wb") as f:
            f.write(data)
        total += len(data)
    print(f"flow-repo files={count} bytes={total} dirs={len(dirs)} seed={seed}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
