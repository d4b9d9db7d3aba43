// hcldec's spec definition functions: cty's stdlib functions of those names (go-cty v1.12).
#include "eval/stdlib.hpp"

#include <algorithm>

#include "types/convert.hpp"
#include "types/json.hpp"
#include "types/number.hpp"
#include "types/text.hpp"

namespace hclspec::eval {

using types::Number;
using types::Type;
using types::TypeKind;
using types::Value;

namespace {

using Args = std::vector<Value>;

CallResult ok(Value v) {
  return CallResult::success(std::move(v));
}
CallResult fail(std::string message, std::optional<size_t> argument = std::nullopt) {
  return CallResult::failure(std::move(message), argument);
}

Parameter param(std::string name, Type type) {
  Parameter p;
  p.name = std::move(name);
  p.type = std::move(type);
  return p;
}

// The usual parameter of cty's number and string functions: a dynamic argument still lets the
// static return type through (an unknown of it rather than of the dynamic type).
Parameter typed(std::string name, Type type) {
  Parameter p = param(std::move(name), std::move(type));
  p.allow_dynamic = true;
  return p;
}

// gocty.FromCtyValue into a Go int: the integer, or cty's message (its path is empty here, so
// no location is added).
std::optional<int64_t> go_int(const Value& v, std::string& error) {
  std::optional<int64_t> i = v.as_number().to_int64();
  if (!i)
    error = "value must be a whole number, between -9223372036854775808 and 9223372036854775807";
  return i;
}

// What cty's function.Call reports when an implementation dereferences a nil *big.Int (int of
// an infinity). Go appends the goroutine's stack trace, which cannot be reproduced.
constexpr const char* kNilPanic =
    "panic in function implementation: runtime error: invalid memory address or nil pointer "
    "dereference";

// cty's Value.Length for the collection and structural types LengthFunc accepts.
Value length_of(const Value& v) {
  if (v.type().is_tuple())  // known from the type alone, even for an unknown tuple
    return Value::number(static_cast<int64_t>(v.type().tuple_elements().size()));
  if (!v.is_known()) return Value::unknown(Type::number());
  if (v.type().is_set()) {
    // Unknown elements may stand for values equal to others, which would then coalesce.
    if (v.length() == 1 || v.is_wholly_known())
      return Value::number(static_cast<int64_t>(v.length()));
    return Value::unknown(Type::number());
  }
  return Value::number(static_cast<int64_t>(v.length()));
}

// cty's Value.HasIndex for a known, non-null collection and key.
Value has_index(const Value& collection, const Value& key) {
  const Type& ty = collection.type();
  if (ty.is_map()) {
    if (key.type().kind() != TypeKind::String) return Value::boolean(false);
    return Value::boolean(collection.get(key.as_string()) != nullptr);
  }
  // Lists and tuples: a whole, non-negative number below the length.
  if (key.type().kind() != TypeKind::Number) return Value::boolean(false);
  std::optional<int64_t> index = key.as_number().to_int64();
  if (!index || *index < 0) return Value::boolean(false);
  const size_t length = ty.is_tuple() ? ty.tuple_elements().size() : collection.length();
  return Value::boolean(static_cast<uint64_t>(*index) < length);
}

Function abs_function() {
  Function f;
  f.description = "Returns the magnitude of the given number, without its sign.";
  f.params = {typed("num", Type::number())};
  f.return_type = static_return_type(Type::number());
  f.impl = [](const Args& args, const Type&) {
    return ok(Value::number(args[0].as_number().abs()));
  };
  return f;
}

Function coalesce_function() {
  Function f;
  f.description =
      "Returns the first of the given arguments that isn't null, or raises an error if there "
      "are no non-null arguments.";
  Parameter vals = param("vals", Type::dynamic());
  vals.allow_unknown = vals.allow_dynamic = vals.allow_null = true;
  f.variadic = vals;
  f.return_type = [](const Args& args) {
    std::vector<Type> types;
    types.reserve(args.size());
    for (const Value& v : args) types.push_back(v.type());
    // cty's Unify gives no type for no types at all.
    std::optional<Type> common =
        types.empty() ? std::nullopt : types::unify(types, /*unsafe=*/true);
    if (!common) return fail("all arguments must have the same type");
    return ok(Value::null(*common));
  };
  f.impl = [](const Args& args, const Type& result) {
    for (const Value& v : args) {
      if (!v.is_known()) return ok(Value::unknown(result));
      if (v.is_null()) continue;
      types::Converted c = types::convert(v, result);
      if (!c.ok()) return fail(c.error);
      return ok(c.value);
    }
    return fail("no non-null arguments");
  };
  return f;
}

Function concat_function() {
  Function f;
  f.description = "Concatenates together all of the given lists or tuples into a single sequence.";
  f.variadic = param("seqs", Type::dynamic());
  f.return_type = [](const Args& args) {
    if (args.empty()) return fail("at least one argument is required");
    // All lists with a common element type give a list; anything else a tuple.
    if (args[0].type().is_list()) {
      std::vector<Type> types;
      for (const Value& v : args) {
        if (!v.type().is_list()) {
          types.clear();
          break;
        }
        types.push_back(v.type());
      }
      if (!types.empty())
        if (std::optional<Type> common = types::unify(types, /*unsafe=*/true))
          return ok(Value::null(*common));
    }
    std::vector<Type> elements;
    for (size_t i = 0; i < args.size(); ++i) {
      const Type& ty = args[i].type();
      if (ty.is_tuple()) {
        elements.insert(elements.end(), ty.tuple_elements().begin(), ty.tuple_elements().end());
      } else if (ty.is_list()) {
        // The tuple's length depends on the list's, so an unknown list leaves it unknown.
        if (!args[i].is_known()) return ok(Value::null(Type::dynamic()));
        elements.insert(elements.end(), args[i].length(), ty.element());
      } else {
        return fail("all arguments must be lists or tuples; got " + ty.friendly_name(), i);
      }
    }
    return ok(Value::null(Type::tuple(std::move(elements))));
  };
  f.impl = [](const Args& args, const Type& result) {
    std::vector<Value> elements;
    if (result.is_list()) {
      for (size_t i = 0; i < args.size(); ++i) {
        // The result type came from an unsafe unification, so this can still fail.
        types::Converted c = types::convert(args[i], result);
        if (!c.ok()) return fail(c.error, i);
        elements.insert(elements.end(), c.value.elements().begin(), c.value.elements().end());
      }
      return ok(Value::list(result.element(), std::move(elements)));
    }
    if (result.is_tuple()) {
      for (const Value& seq : args)
        elements.insert(elements.end(), seq.elements().begin(), seq.elements().end());
      return ok(Value::tuple(std::move(elements)));
    }
    return fail("unsupported return type");  // cty panics: the type rule never gives this
  };
  return f;
}

Function hasindex_function() {
  Function f;
  f.description =
      "Returns true if if the given collection can be indexed with the given key without "
      "producing an error, or false otherwise.";
  f.params = {typed("collection", Type::dynamic()), typed("key", Type::dynamic())};
  f.return_type = [](const Args& args) {
    const Type& ty = args[0].type();
    if (!(ty.is_tuple() || ty.is_list() || ty.is_map() || ty.is_dynamic()))
      return fail("collection must be a list, a map or a tuple");
    return ok(Value::null(Type::boolean()));
  };
  f.impl = [](const Args& args, const Type&) { return ok(has_index(args[0], args[1])); };
  return f;
}

Function int_function() {
  Function f;
  f.description = "Discards any fractional portion of the given number.";
  f.params = {typed("num", Type::number())};
  f.return_type = static_return_type(Type::number());
  f.impl = [](const Args& args, const Type&) {
    const Number& n = args[0].as_number();
    if (n.is_integer()) return ok(args[0]);
    std::optional<Number> t = n.truncate();
    if (!t) return fail(kNilPanic);
    return ok(Value::number(*t));
  };
  return f;
}

Function jsondecode_function() {
  Function f;
  f.description =
      "jsondecode interprets a given string as JSON, returning a representation of the result "
      "of decoding that string.";
  f.params = {param("str", Type::string())};
  f.return_type = [](const Args& args) {
    // The result's type is the one the JSON text implies, so it waits for the text.
    if (!args[0].is_known()) return ok(Value::null(Type::dynamic()));
    types::ParsedJson parsed = types::value_from_json(args[0].as_string());
    if (!parsed.ok()) return fail(parsed.error);
    return ok(Value::null(parsed.value.type()));
  };
  f.impl = [](const Args& args, const Type&) {
    types::ParsedJson parsed = types::value_from_json(args[0].as_string());
    if (!parsed.ok()) return fail(parsed.error);
    return ok(parsed.value);
  };
  return f;
}

Function jsonencode_function() {
  Function f;
  f.description = "jsonencode encodes a given value to a string using JSON syntax.";
  Parameter val = typed("val", Type::dynamic());
  val.allow_null = true;
  f.params = {val};
  f.return_type = static_return_type(Type::string());
  f.impl = [](const Args& args, const Type& result) {
    const Value& v = args[0];
    // Unknown values have no JSON, so neither does a value with one nested inside.
    if (!v.is_wholly_known()) return ok(Value::unknown(result));
    if (v.is_null()) return ok(Value::string("null"));
    types::JsonText json = types::value_to_json(v);
    // A wholly known value fails only on an infinity; cty's PathError prints no path.
    if (!json.ok()) return fail("cannot serialize infinity as JSON");
    return ok(Value::string(json.json));
  };
  return f;
}

Function length_function() {
  Function f;
  f.description = "Returns the number of elements in the given collection.";
  Parameter collection = typed("collection", Type::dynamic());
  collection.allow_unknown = true;  // an unknown tuple still has a known length
  f.params = {collection};
  f.return_type = [](const Args& args) {
    const Type& ty = args[0].type();
    if (!(ty.is_tuple() || ty.is_list() || ty.is_map() || ty.is_set() || ty.is_dynamic()))
      return fail("collection must be a list, a map or a tuple");
    return ok(Value::null(Type::number()));
  };
  f.impl = [](const Args& args, const Type&) { return ok(length_of(args[0])); };
  return f;
}

Function string_function(std::string description, std::string (*transform)(std::string_view)) {
  Function f;
  f.description = std::move(description);
  f.params = {typed("str", Type::string())};
  f.return_type = static_return_type(Type::string());
  f.impl = [transform](const Args& args, const Type&) {
    return ok(Value::string(transform(args[0].as_string())));
  };
  return f;
}

// max and min: the first argument beating all before it, starting from cty's infinity values
// (which is what max of negative infinities returns).
Function extreme_function(std::string description, bool greatest) {
  Function f;
  f.description = std::move(description);
  f.variadic = typed("numbers", Type::number());
  f.return_type = static_return_type(Type::number());
  f.impl = [greatest](const Args& args, const Type&) {
    if (args.empty()) return fail("must pass at least one number");
    Value best = Value::number(Number::infinity(/*negative=*/greatest));
    for (const Value& v : args) {
      const int c = Number::compare(v.as_number(), best.as_number());
      if (greatest ? c > 0 : c < 0) best = v;
    }
    return ok(best);
  };
  return f;
}

Function strlen_function() {
  Function f;
  f.description =
      "Returns the number of Unicode characters (technically: grapheme clusters) in "
      "the given string.";
  f.params = {typed("str", Type::string())};
  f.return_type = static_return_type(Type::number());
  f.impl = [](const Args& args, const Type&) {
    return ok(Value::number(static_cast<int64_t>(types::grapheme_count(args[0].as_string()))));
  };
  return f;
}

Function substr_function() {
  Function f;
  f.description =
      "Extracts a substring from the given string, counting characters (grapheme clusters); a "
      "negative offset counts from the end, a negative length takes the rest of the string.";
  f.params = {typed("str", Type::string()), typed("offset", Type::number()),
              typed("length", Type::number())};
  f.return_type = static_return_type(Type::string());
  f.impl = [](const Args& args, const Type&) {
    const std::string& text = args[0].as_string();
    std::string error;
    const std::optional<int64_t> offset_arg = go_int(args[1], error);
    if (!offset_arg) return fail(error);
    const std::optional<int64_t> length = go_int(args[2], error);
    if (!length) return fail(error);
    const auto count = static_cast<int64_t>(types::grapheme_count(text));
    int64_t offset = *offset_arg;
    if (offset < 0) {
      offset += count;
    } else if (*length == 0) {
      // cty's shortcut for an empty result sits in the else branch, so a zero length with a
      // negative offset takes the rest of the string below.
      return ok(Value::string(""));
    }
    if (offset > count) return ok(Value::string(""));
    const int64_t start = std::max<int64_t>(offset, 0);
    const int64_t rest = count - start;
    const int64_t take = *length <= 0 ? rest : std::min(*length, rest);
    return ok(Value::string(
        types::grapheme_substr(text, static_cast<size_t>(start), static_cast<size_t>(take))));
  };
  return f;
}

Functions make_spec_functions() {
  Functions m;
  m["abs"] = abs_function();
  m["coalesce"] = coalesce_function();
  m["concat"] = concat_function();
  m["hasindex"] = hasindex_function();
  m["int"] = int_function();
  m["jsondecode"] = jsondecode_function();
  m["jsonencode"] = jsonencode_function();
  m["length"] = length_function();
  m["lower"] = string_function(
      "Returns the given string with all Unicode letters translated to "
      "their lowercase equivalents.",
      &types::to_lower);
  m["max"] = extreme_function("Returns the numerically greatest of all of the given numbers.",
                              /*greatest=*/true);
  m["min"] = extreme_function("Returns the numerically smallest of all of the given numbers.",
                              /*greatest=*/false);
  // hcldec's "reverse" is cty's string ReverseFunc, not ReverseListFunc.
  m["reverse"] = string_function(
      "Returns the given string with all of its Unicode characters (technically: grapheme "
      "clusters) in reverse order.",
      &types::grapheme_reverse);
  m["strlen"] = strlen_function();
  m["substr"] = substr_function();
  m["upper"] = string_function(
      "Returns the given string with all Unicode letters translated to "
      "their uppercase equivalents.",
      &types::to_upper);
  return m;
}

}  // namespace

const Functions& spec_definition_functions() {
  static const Functions functions = make_spec_functions();
  return functions;
}

}  // namespace hclspec::eval
