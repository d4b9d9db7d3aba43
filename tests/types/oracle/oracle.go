// The reference side of the types layer's differential tests: answers the same questions as
// types_oracle_driver, with go-cty itself. See README.md in this folder for how to build and run.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/apparentlymart/go-textseg/v13/textseg"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
	"github.com/zclconf/go-cty/cty/function/stdlib"
	ctyjson "github.com/zclconf/go-cty/cty/json"
)

// ---- the notation (see ../notation.hpp) ----

type parser struct {
	s   string
	pos int
}

func (p *parser) fail(what string) {
	panic(fmt.Sprintf("notation: %s at %d in %s", what, p.pos, p.s))
}

func (p *parser) skip() {
	for p.pos < len(p.s) && (p.s[p.pos] == ' ' || p.s[p.pos] == '\n') {
		p.pos++
	}
}

func (p *parser) eat(w string) bool {
	p.skip()
	if strings.HasPrefix(p.s[p.pos:], w) {
		p.pos += len(w)
		return true
	}
	return false
}

func (p *parser) expect(w string) {
	if !p.eat(w) {
		p.fail("expected '" + w + "'")
	}
}

func (p *parser) peek() byte {
	p.skip()
	if p.pos < len(p.s) {
		return p.s[p.pos]
	}
	return 0
}

func identChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
}

func (p *parser) key() string {
	if p.peek() == '"' {
		return p.quoted()
	}
	start := p.pos
	for p.pos < len(p.s) && identChar(p.s[p.pos]) {
		p.pos++
	}
	if start == p.pos {
		p.fail("expected a name")
	}
	return p.s[start:p.pos]
}

func (p *parser) quoted() string {
	p.skip()
	if p.pos >= len(p.s) || p.s[p.pos] != '"' {
		p.fail("expected a string")
	}
	i := p.pos + 1
	for i < len(p.s) && p.s[i] != '"' {
		if p.s[i] == '\\' {
			i++
		}
		i++
	}
	str, err := strconv.Unquote(p.s[p.pos : i+1])
	if err != nil {
		p.fail("bad string: " + err.Error())
	}
	p.pos = i + 1
	return str
}

func (p *parser) typ() cty.Type {
	switch {
	case p.eat("string"):
		return cty.String
	case p.eat("number"):
		return cty.Number
	case p.eat("bool"):
		return cty.Bool
	case p.eat("any"):
		return cty.DynamicPseudoType
	case p.eat("list("):
		t := p.typ()
		p.expect(")")
		return cty.List(t)
	case p.eat("set("):
		t := p.typ()
		p.expect(")")
		return cty.Set(t)
	case p.eat("map("):
		t := p.typ()
		p.expect(")")
		return cty.Map(t)
	case p.eat("tuple(["):
		ts := []cty.Type{}
		if !p.eat("]") {
			for {
				ts = append(ts, p.typ())
				if !p.eat(",") {
					break
				}
			}
			p.expect("]")
		}
		p.expect(")")
		return cty.Tuple(ts)
	case p.eat("object({"):
		atys := map[string]cty.Type{}
		var optional []string
		if !p.eat("}") {
			for {
				name := p.key()
				p.expect("=")
				if p.eat("optional(") {
					atys[name] = p.typ()
					p.expect(")")
					optional = append(optional, name)
				} else {
					atys[name] = p.typ()
				}
				if !p.eat(",") {
					break
				}
			}
			p.expect("}")
		}
		p.expect(")")
		return cty.ObjectWithOptionalAttrs(atys, optional)
	}
	p.fail("expected a type")
	return cty.NilType
}

func (p *parser) values(close byte) []cty.Value {
	var out []cty.Value
	if p.peek() == close {
		p.pos++
		return out
	}
	for {
		out = append(out, p.value())
		if !p.eat(",") {
			break
		}
	}
	p.expect(string(close))
	return out
}

func (p *parser) entries() map[string]cty.Value {
	out := map[string]cty.Value{}
	if p.peek() == '}' {
		p.pos++
		return out
	}
	for {
		name := p.key()
		p.expect("=")
		out[name] = p.value()
		if !p.eat(",") {
			break
		}
	}
	p.expect("}")
	return out
}

func (p *parser) value() cty.Value {
	c := p.peek()
	switch {
	case p.eat("null"):
		if p.eat(":") {
			return cty.NullVal(p.typ())
		}
		return cty.NullVal(cty.DynamicPseudoType)
	case p.eat("?"):
		return cty.UnknownVal(p.typ())
	case p.eat("true"):
		return cty.True
	case p.eat("false"):
		return cty.False
	case c == '"':
		return cty.StringVal(p.quoted())
	case c == '[':
		p.pos++
		vs := p.values(']')
		if len(vs) == 0 {
			return cty.EmptyTupleVal
		}
		return cty.TupleVal(vs)
	case c == '{':
		p.pos++
		es := p.entries()
		if len(es) == 0 {
			return cty.EmptyObjectVal
		}
		return cty.ObjectVal(es)
	case p.eat("list("):
		t := p.typ()
		p.expect(")")
		p.expect("[")
		vs := p.values(']')
		if len(vs) == 0 {
			return cty.ListValEmpty(t)
		}
		return cty.ListVal(vs)
	case p.eat("set("):
		t := p.typ()
		p.expect(")")
		p.expect("[")
		vs := p.values(']')
		if len(vs) == 0 {
			return cty.SetValEmpty(t)
		}
		return cty.SetVal(vs)
	case p.eat("map("):
		t := p.typ()
		p.expect(")")
		p.expect("{")
		es := p.entries()
		if len(es) == 0 {
			return cty.MapValEmpty(t)
		}
		return cty.MapVal(es)
	}
	start := p.pos
	for p.pos < len(p.s) && !strings.ContainsRune(",]} ;", rune(p.s[p.pos])) {
		p.pos++
	}
	v, err := cty.ParseNumberVal(p.s[start:p.pos])
	if err != nil {
		p.fail("expected a value")
	}
	return v
}

func parseType(s string) cty.Type {
	p := &parser{s: s}
	t := p.typ()
	p.skip()
	if p.pos != len(s) {
		p.fail("trailing text")
	}
	return t
}

func parseValue(s string) cty.Value {
	p := &parser{s: s}
	v := p.value()
	p.skip()
	if p.pos != len(s) {
		p.fail("trailing text")
	}
	return v
}

func parseTypes(s string) []cty.Type {
	p := &parser{s: s}
	var out []cty.Type
	p.skip()
	if p.pos == len(s) {
		return out
	}
	out = append(out, p.typ())
	for p.eat(";") {
		out = append(out, p.typ())
	}
	return out
}

func printType(t cty.Type) string {
	switch {
	case t == cty.DynamicPseudoType:
		return "any"
	case t == cty.String:
		return "string"
	case t == cty.Number:
		return "number"
	case t == cty.Bool:
		return "bool"
	case t.IsListType():
		return "list(" + printType(t.ElementType()) + ")"
	case t.IsSetType():
		return "set(" + printType(t.ElementType()) + ")"
	case t.IsMapType():
		return "map(" + printType(t.ElementType()) + ")"
	case t.IsTupleType():
		var parts []string
		for _, e := range t.TupleElementTypes() {
			parts = append(parts, printType(e))
		}
		return "tuple([" + strings.Join(parts, ",") + "])"
	case t.IsObjectType():
		var names []string
		for n := range t.AttributeTypes() {
			names = append(names, n)
		}
		sortStrings(names)
		var parts []string
		for _, n := range names {
			s := printType(t.AttributeType(n))
			if t.AttributeOptional(n) {
				s = "optional(" + s + ")"
			}
			parts = append(parts, strconv.Quote(n)+"="+s)
		}
		return "object({" + strings.Join(parts, ",") + "})"
	}
	return "?"
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

func printValue(v cty.Value) string {
	if !v.IsKnown() {
		return "?" + printType(v.Type())
	}
	if v.IsNull() {
		return "null:" + printType(v.Type())
	}
	t := v.Type()
	elems := func() string {
		var parts []string
		for it := v.ElementIterator(); it.Next(); {
			_, e := it.Element()
			parts = append(parts, printValue(e))
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	entries := func() string {
		var parts []string
		for it := v.ElementIterator(); it.Next(); {
			k, e := it.Element()
			parts = append(parts, strconv.Quote(k.AsString())+"="+printValue(e))
		}
		return "{" + strings.Join(parts, ",") + "}"
	}
	switch {
	case t == cty.Bool:
		if v.True() {
			return "true"
		}
		return "false"
	case t == cty.Number:
		return v.AsBigFloat().Text('f', -1)
	case t == cty.String:
		return strconv.Quote(v.AsString())
	case t.IsTupleType():
		return elems()
	case t.IsObjectType():
		return entries()
	case t.IsListType():
		return "list(" + printType(t.ElementType()) + ")" + elems()
	case t.IsSetType():
		return "set(" + printType(t.ElementType()) + ")" + elems()
	case t.IsMapType():
		return "map(" + printType(t.ElementType()) + ")" + entries()
	}
	return "?"
}

// ---- commands ----

func result(v cty.Value, err error) string {
	if err != nil {
		return "error: " + err.Error()
	}
	return printValue(v)
}

func run(fields []string) (out string) {
	defer func() {
		if r := recover(); r != nil {
			out = fmt.Sprintf("panic: %v", r)
		}
	}()
	arg := func(i int) string { return fields[i] }
	switch fields[0] {
	case "convert":
		return result(convert.Convert(parseValue(arg(1)), parseType(arg(2))))
	case "exists":
		return strconv.FormatBool(convert.OracleGetConversion(parseType(arg(1)), parseType(arg(2)), arg(3) == "unsafe"))
	case "mismatch":
		return convert.MismatchMessage(parseType(arg(1)), parseType(arg(2)))
	case "unify":
		types := parseTypes(arg(2))
		var t cty.Type
		if arg(1) == "unsafe" {
			t, _ = convert.UnifyUnsafe(types)
		} else {
			t, _ = convert.Unify(types)
		}
		if t == cty.NilType {
			return "none"
		}
		return printType(t)
	case "sorttypes":
		return fmt.Sprint(convert.OracleSortTypes(parseTypes(arg(1))))
	case "equals":
		return printValue(parseValue(arg(1)).Equals(parseValue(arg(2))))
	case "rawequals":
		return strconv.FormatBool(parseValue(arg(1)).RawEquals(parseValue(arg(2))))
	case "value":
		return printValue(parseValue(arg(1)))
	case "hash":
		return strconv.Quote(cty.OracleHash(parseValue(arg(1))))
	case "json":
		v := parseValue(arg(1))
		b, err := ctyjson.Marshal(v, v.Type())
		if err != nil {
			return "error: " + err.Error()
		}
		return string(b)
	case "jsontype":
		v := parseValue(arg(1))
		b, err := ctyjson.Marshal(v, cty.DynamicPseudoType)
		if err != nil {
			return "error: " + err.Error()
		}
		return string(b)
	case "typejson":
		b, err := ctyjson.MarshalType(parseType(arg(1)))
		if err != nil {
			return "error: " + err.Error()
		}
		return string(b)
	case "jsondecode":
		text, err := strconv.Unquote(arg(1))
		if err != nil {
			return "bad test input"
		}
		return result(stdlib.JSONDecode(cty.StringVal(text)))
	case "jsonquote":
		text, _ := strconv.Unquote(arg(1))
		b, _ := json.Marshal(text)
		return string(b)
	case "quote":
		text, _ := strconv.Unquote(arg(1))
		return strconv.Quote(text)
	case "nfc":
		text, _ := strconv.Unquote(arg(1))
		return strconv.Quote(cty.NormalizeString(text))
	case "upper", "lower":
		text, _ := strconv.Unquote(arg(1))
		if fields[0] == "upper" {
			return strconv.Quote(strings.ToUpper(text))
		}
		return strconv.Quote(strings.ToLower(text))
	case "graphemes":
		text, _ := strconv.Unquote(arg(1))
		var parts []string
		buf := []byte(text)
		for len(buf) > 0 {
			n, tok, _ := textseg.ScanGraphemeClusters(buf, true)
			parts = append(parts, strconv.Quote(string(tok)))
			buf = buf[n:]
		}
		return "[" + strings.Join(parts, ",") + "]"
	case "friendly":
		t := parseType(arg(1))
		return t.FriendlyName() + " | " + t.FriendlyNameForConstraint()
	}
	return "unknown command"
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<26)
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	for in.Scan() {
		line := in.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Split(line, "\t")
		fmt.Fprintf(w, "%s\t=> %s\n", line, run(fields))
	}
}
