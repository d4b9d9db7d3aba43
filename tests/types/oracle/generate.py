#!/usr/bin/env python3
"""Random oracle commands for the differential check of the types layer (see README.md).

Usage: generate.py [COUNT] [SEED] > cases.txt
"""
import json
import random
import sys

COUNT = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
random.seed(int(sys.argv[2]) if len(sys.argv) > 2 else 1)

NAMES = ["a", "b", "c", "x", '"é"', '"e\\u0301"', '"k-1"']
STRINGS = ['"a"', '"b"', '"1"', '"0"', '"true"', '"false"', '"True"', '"FALSE"', '"12.5"',
           '"x"', '""', '"é"', '"e\\u0301"', '"1e3"', '" 1"', '"-0"', '"0x10"', '"Inf"',
           '"\\u00df"', '"<&>"', '"\\xff"', '"\\u2028"', '"tab\\there"']
NUMBERS = ["0", "1", "-1", "1.5", "12", "1e3", "0.1", "-0", "100000000000000000000000001",
           "2.5", "1e-3", "3", "+Inf", "-Inf", "0.30000000000000000000000001"]


def rtype(depth=0):
    r = random.random()
    if depth > 2 or r < 0.45:
        return random.choice(["string", "number", "bool", "string", "number", "any"])
    kind = random.choice(["list", "set", "map", "tuple", "object", "list", "object"])
    if kind in ("list", "set", "map"):
        return f"{kind}({rtype(depth + 1)})"
    if kind == "tuple":
        return "tuple([" + ",".join(rtype(depth + 1) for _ in range(random.randint(0, 3))) + "])"
    names = random.sample(NAMES, random.randint(0, 3))
    if '"é"' in names and '"e\\u0301"' in names:  # one attribute once normalized
        names.remove('"é"')
    attrs = []
    for n in names:
        t = rtype(depth + 1)
        if random.random() < 0.2:
            t = f"optional({t})"
        attrs.append(f"{n}={t}")
    return "object({" + ",".join(attrs) + "})"


def strip_optional(t):
    # The notation parser accepts optional() only in object types, so value types drop it.
    while "optional(" in t:
        i = t.index("optional(")
        depth = 0
        for j in range(i + len("optional("), len(t)):
            if t[j] == "(":
                depth += 1
            elif t[j] == ")":
                if depth == 0:
                    t = t[:i] + t[i + len("optional("):j] + t[j + 1:]
                    break
                depth -= 1
    return t


def split_top(inner):
    parts, depth, cur = [], 0, ""
    for ch in inner:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    if cur:
        parts.append(cur)
    return parts


def rvalue(t, depth=0, allow_unknown=True):
    t = strip_optional(t)
    r = random.random()
    if r < 0.06:
        return f"null:{t}"
    if allow_unknown and r < 0.1:
        return f"?{t}"
    if t == "string":
        return random.choice(STRINGS)
    if t == "number":
        return random.choice(NUMBERS)
    if t == "bool":
        return random.choice(["true", "false"])
    if t == "any":
        if depth > 2:
            return random.choice(STRINGS + NUMBERS)
        return rvalue(rtype(depth + 1), depth + 1, allow_unknown)
    for kind in ("list", "set", "map"):
        if t.startswith(kind + "("):
            ety = t[len(kind) + 1:-1]
            # Elements of a collection with dynamic parts must share one concrete type.
            n = random.randint(0, 3)
            if "any" in ety:
                concrete = ety.replace("any", random.choice(["string", "number", "bool"]))
                elems = [rvalue(concrete, depth + 1, allow_unknown) for _ in range(n)]
            else:
                elems = [rvalue(ety, depth + 1, allow_unknown) for _ in range(n)]
            if kind == "map":
                keys = random.sample(["a", "b", "c", '"1"', '"é"'], len(elems))
                return f"map({ety}){{" + ",".join(f"{k}={v}" for k, v in zip(keys, elems)) + "}"
            return f"{kind}({ety})[" + ",".join(elems) + "]"
    if t.startswith("tuple(["):
        inner = t[len("tuple(["):-2]
        return "[" + ",".join(rvalue(e, depth + 1, allow_unknown) for e in split_top(inner)) + "]"
    if t.startswith("object({"):
        inner = t[len("object({"):-2]
        parts = []
        for attr in split_top(inner):
            name, aty = attr.split("=", 1)
            parts.append(f"{name}={rvalue(aty, depth + 1, allow_unknown)}")
        return "{" + ",".join(parts) + "}"
    raise ValueError(t)


def mutate_type(t):
    """A type near `t`, so that conversions to it often succeed and exercise the details."""
    t = strip_optional(t)
    r = random.random()
    if r < 0.1:
        return "any"
    if t in ("string", "number", "bool"):
        return random.choice(["string", "number", "bool", t, t])
    for kind in ("list", "set", "map"):
        if t.startswith(kind + "("):
            inner = mutate_type(t[len(kind) + 1:-1])
            other = random.choice(["list", "set", "map", kind, kind])
            return f"{other}({inner})"
    if t.startswith("tuple(["):
        parts = split_top(t[len("tuple(["):-2])
        if r < 0.5 and parts:
            return random.choice(["list", "set"]) + f"({mutate_type(parts[0])})"
        return "tuple([" + ",".join(mutate_type(x) for x in parts) + "])"
    if t.startswith("object({"):
        attrs = [a.split("=", 1) for a in split_top(t[len("object({"):-2])]
        if r < 0.4 and attrs:
            return f"map({mutate_type(attrs[0][1])})"
        out = []
        for name, aty in attrs:
            if random.random() < 0.15:
                continue  # dropped: the conversion drops it too
            aty = mutate_type(aty)
            out.append(f"{name}=optional({aty})" if random.random() < 0.25 else f"{name}={aty}")
        if random.random() < 0.3:
            extra = random.choice(['zz', '"new"'])
            out.append(f"{extra}=optional({rtype(2)})" if random.random() < 0.7 else f"{extra}=string")
        return "object({" + ",".join(out) + "})"
    return t


def rjson(depth=0):
    r = random.random()
    if depth > 3 or r < 0.5:
        return random.choice([1, -2.5, "x", "é", True, False, None, 0, "1e3", 12345678901234567890,
                              "\u2028"])
    if r < 0.75:
        return [rjson(depth + 1) for _ in range(random.randint(0, 3))]
    return {random.choice(["a", "b", "c", "é"]): rjson(depth + 1)
            for _ in range(random.randint(0, 3))}


def mutate(text):
    ops = ["del", "ins", "dup"]
    text = list(text)
    for _ in range(random.randint(1, 2)):
        op = random.choice(ops)
        i = random.randint(0, len(text))
        if op == "del" and text:
            del text[min(i, len(text) - 1)]
        elif op == "ins":
            text.insert(i, random.choice(list('{}[]:,"x01 .e-tn\\\n')))
        elif op == "dup" and text:
            j = min(i, len(text) - 1)
            text.insert(j, text[j])
    return "".join(text)


def go_quote(s):
    return json.dumps(s, ensure_ascii=False).replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


out = []
for _ in range(COUNT):
    c = random.random()
    if c < 0.3:
        out.append(f"convert\t{rvalue(rtype())}\t{rtype()}")
    elif c < 0.38:
        t = rtype()
        v = rvalue(t)
        out.append(f"convert\t{v}\t{mutate_type(t)}")
        out.append(f"convert\t{v}\t{mutate_type(mutate_type(t))}")
    elif c < 0.45:
        out.append(f"exists\t{rtype()}\t{rtype()}\t{random.choice(['safe', 'unsafe'])}")
    elif c < 0.52:
        out.append(f"mismatch\t{rtype()}\t{rtype()}")
    elif c < 0.6:
        ts = ";".join(rtype() for _ in range(random.randint(1, 4)))
        out.append(f"unify\t{random.choice(['safe', 'unsafe'])}\t{ts}")
        out.append(f"sorttypes\t{ts}")
    elif c < 0.7:
        t = rtype()
        a, b = rvalue(t), rvalue(t) if random.random() < 0.7 else rvalue(rtype())
        out.append(f"equals\t{a}\t{b}")
        out.append(f"rawequals\t{a}\t{b}")
    elif c < 0.78:
        t = strip_optional(rtype())
        elems = [rvalue(t) for _ in range(random.randint(0, 5))]
        if "any" not in t:
            out.append(f"value\tset({t})[" + ",".join(elems) + "]")
        out.append(f"hash\t{rvalue(t)}")
    elif c < 0.86:
        v = rvalue(rtype())
        out.append(f"json\t{v}")
        out.append(f"jsontype\t{v}")
        out.append(f"typejson\t{rtype()}")
    elif c < 0.94:
        text = json.dumps(rjson(), ensure_ascii=False)
        if random.random() < 0.5:
            text = mutate(text)
        out.append(f"jsondecode\t{go_quote(text)}")
    else:
        s = random.choice(STRINGS)
        out.append(f"{random.choice(['quote', 'jsonquote', 'nfc', 'upper', 'lower', 'graphemes'])}\t{s}")
        out.append(f"friendly\t{rtype()}")

print("\n".join(out))
