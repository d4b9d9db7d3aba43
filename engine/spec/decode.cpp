// The decoder (hcldec's Decode): body content checked against the spec's schema, then each
// spec's value.
#include "spec/decode.hpp"

#include <algorithm>
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "base/big_stack.hpp"
#include "base/cancellation.hpp"
#include "base/flat_map.hpp"
#include "base/huge_pages.hpp"
#include "base/suggest.hpp"
#include "base/unicode.hpp"
#include "eval/evaluate.hpp"
#include "eval/json_value.hpp"
#include "eval/traversal.hpp"
#include "spec/expected.hpp"
#include "syntax/block_header.hpp"
#include "types/convert.hpp"

namespace hclspec::spec {

using syntax::JsonId;
using syntax::JsonKind;
using syntax::NodeId;
using syntax::NodeKind;
using types::Value;

namespace {

// What a spec reads from one body (hcldec's ImpliedSchema), in spec order.
struct Schema {
  struct Attribute {
    std::string name;
    bool required;
  };
  struct Block {
    std::string type;
    std::vector<std::string> label_names;
  };
  std::vector<Attribute> attributes;
  std::vector<Block> blocks;
  // Whether the last block type is dynblock's "dynamic", which the spec does not read.
  bool dynamic_blocks = false;
  // Whether two of the spec's readers read one block type (ExpectedBody's).
  bool block_type_read_twice = false;
  // The attributes by name and the blocks by type, for the lookups every body makes (views of
  // the lists' own strings, so built once the schema has its place: see index_names).
  base::FlatMap<std::string_view, const Attribute*> attribute_names;
  base::FlatMap<std::string_view, const Block*> block_types;
};

// The schema from the model of what the spec's body holds (expected.hpp), which the editor
// features read too.
Schema schema_from_model(const Spec& spec) {
  const ExpectedBody body = expected_body(spec);
  Schema schema;
  schema.block_type_read_twice = body.block_type_read_twice;
  for (const ExpectedAttribute& attribute : body.attributes)
    schema.attributes.push_back({attribute.name, attribute.required});
  for (const ExpectedBlock& block : body.blocks)
    schema.blocks.push_back({block.type_name, block.label_names});
  return schema;
}

// Fills a schema's lookup of its blocks by type, once it has its place.
// Sorted at once: inserting one by one is quadratic in a spec reading thousands of items.
void index_names(Schema& schema) {
  std::vector<std::pair<std::string_view, const Schema::Attribute*>> attributes;
  for (const Schema::Attribute& attribute : schema.attributes)
    attributes.emplace_back(attribute.name, &attribute);
  schema.attribute_names = base::FlatMap<std::string_view, const Schema::Attribute*>(attributes);
  std::vector<std::pair<std::string_view, const Schema::Block*>> blocks;
  for (const Schema::Block& block : schema.blocks) blocks.emplace_back(block.type, &block);
  schema.block_types = base::FlatMap<std::string_view, const Schema::Block*>(blocks);
}

constexpr std::string_view kDynamic = "dynamic";

// The schemas of a dynamic block's own body (dynblock's), for a block type with labels and
// without.
struct DynamicBlockSchemas {
  Schema with_labels;
  Schema without_labels;

  DynamicBlockSchemas() {
    for (Schema* schema : {&with_labels, &without_labels}) {
      schema->attributes = {{"for_each", true}, {"iterator", false}};
      if (schema == &with_labels) schema->attributes.push_back({"labels", true});
      schema->blocks = {{"content", {}}};
      index_names(*schema);
    }
  }
};

const Schema& dynamic_block_schema(bool with_labels) {
  static const DynamicBlockSchemas schemas;
  return with_labels ? schemas.with_labels : schemas.without_labels;
}

// The iterator variables of a body that a dynamic block generated (dynblock's iteration): its
// own and those of the dynamic blocks around it, each an object {key, value}; its expressions
// are evaluated in `scope`, which offers them before the decoder's scope.
struct Iteration {
  eval::Variables variables;
  eval::Scope scope;
};

// A body of either syntax: a Body node of a native tree, or a value of a JSON tree (an object,
// or an array of objects, or anything else, which is reported when the body is read).
struct Body {
  InputFile file;
  uint32_t node;  // a NodeId of a native tree or a JsonId of a JSON tree
  // Set inside what dynamic blocks generated: the iterator variables its expressions see.
  const Iteration* iteration = nullptr;
  // Inside what a dynamic block whose for_each is unknown generated (dynblock's unknownBody):
  // every attribute is an unknown value, and the block specs reading it give unknown values.
  bool unknown = false;

  static Body of(InputFile file) { return {file, file.root()}; }

  // Its size in the source, what decoding it costs in proportion to.
  uint32_t bytes() const {
    return file.native ? file.native->range(node).size() : file.json->node(node).range.size();
  }
};

// An attribute of a body's content, in the file it is in (several inputs merge into one body).
struct ContentAttribute {
  Body body;                         // the body holding it
  uint32_t expression;               // its expression node, or its JSON value
  base::ByteRange name_range;        // its name (quoted in JSON)
  base::ByteRange expression_range;  // hcl's Expr.Range()
};

// A block of a body's content (hcl's Block).
struct ContentBlock {
  std::string_view type;  // in the file's text, or a JSON property name
  std::vector<std::string> labels;
  base::ByteRange def_range;
  Body body;
  base::ByteRange first_label_range = {};  // hcl's LabelRanges[0], when it has labels
};

// A body's items that a schema selects (hcl's BodyContent).
struct Content {
  // name (in the source) -> Attribute
  base::FlatMap<std::string_view, ContentAttribute> attributes;
  std::vector<ContentBlock> blocks;    // in source order
  base::ByteRange missing_item_range;  // where absent items are reported
  // The root body's content of a decode that gives back its blocks' bodies once decoded: where
  // it records that it did.
  BodyReleases* releases_blocks = nullptr;
};

// hcl's JustAttributes: every item of a body as an attribute; `ok` is false after an error
// (a block in the body, a JSON body that is no object).
struct Attributes {
  std::vector<ContentAttribute> items;  // in source order
  std::vector<std::string_view> names;
  bool ok = true;
};

// Whether `spec` may give values of a type other than its implied one: a `default` gives its
// fallback's value, of the fallback's type, when its primary's is null.
bool value_type_varies(const Spec& spec) {
  return std::visit(
      [](const auto& kind) {
        using Kind = std::decay_t<decltype(kind)>;
        if constexpr (std::is_same_v<Kind, DefaultSpec>) {
          return implied_type(*kind.primary) != implied_type(*kind.fallback) ||
                 value_type_varies(*kind.primary) || value_type_varies(*kind.fallback);
        } else if constexpr (std::is_same_v<Kind, ObjectSpec>) {
          return std::any_of(
              kind.properties.begin(), kind.properties.end(),
              [](const auto& property) { return value_type_varies(*property.second); });
        } else if constexpr (std::is_same_v<Kind, TupleSpec>) {
          return std::any_of(kind.elements.begin(), kind.elements.end(),
                             [](const SpecPtr& element) { return value_type_varies(*element); });
        } else if constexpr (std::is_same_v<Kind, BlockSpec> ||
                             std::is_same_v<Kind, BlockListSpec> ||
                             std::is_same_v<Kind, BlockMapSpec>) {
          return value_type_varies(*kind.nested);
        } else if constexpr (std::is_same_v<Kind, TransformSpec>) {
          return true;  // whatever its result expression gives
        } else {
          return false;  // attr, literal, block_attrs: converted to their type
        }
      },
      spec.kind);
}

// Whether the value a block body gives can change a diagnostic outside that body. Only two
// specs read the values of the bodies they hold rather than their blocks' count, labels and
// types: a `transform`, whose result expression may fail on a value, and a block list, set or
// map whose elements' type is not fixed (it has `any` in it, or a `default` whose two specs
// give different types), whose elements are unified and converted value by value. (A `default`
// asks whether a value is null, which a stand-in keeps.)
bool body_values_matter(const Spec& spec) {
  return std::visit(
      [](const auto& kind) {
        using Kind = std::decay_t<decltype(kind)>;
        if constexpr (std::is_same_v<Kind, TransformSpec>) {
          return true;
        } else if constexpr (std::is_same_v<Kind, ObjectSpec>) {
          return std::any_of(
              kind.properties.begin(), kind.properties.end(),
              [](const auto& property) { return body_values_matter(*property.second); });
        } else if constexpr (std::is_same_v<Kind, TupleSpec>) {
          return std::any_of(kind.elements.begin(), kind.elements.end(),
                             [](const SpecPtr& element) { return body_values_matter(*element); });
        } else if constexpr (std::is_same_v<Kind, DefaultSpec>) {
          return body_values_matter(*kind.primary) || body_values_matter(*kind.fallback);
        } else if constexpr (std::is_same_v<Kind, BlockSpec>) {
          return body_values_matter(*kind.nested);
        } else if constexpr (std::is_same_v<Kind, BlockListSpec> ||
                             std::is_same_v<Kind, BlockMapSpec>) {
          return implied_type(*kind.nested).has_dynamic() || value_type_varies(*kind.nested) ||
                 body_values_matter(*kind.nested);
        } else {
          return false;  // attr, literal, block_attrs: no body of their own
        }
      },
      spec.kind);
}

// The flag of a decode nobody cancels, so the decoder's check is one load without a null test.
const base::CancellationFlag kNeverCancelled;

// Gives back the pages of decoded root block bodies (DecodeOptions::release_root_block_bodies):
// their tokens and nodes, a run of neighbouring bodies at a time (each call of the kernel costs
// as much as a few pages: one per body made decoding 10 MB of job file 18% slower). A run goes
// on over what lies between two bodies when that is only what is not read again either: line
// breaks, comments and the next block's type and labels (its ContentBlock holds copies), and
// the earlier body's and block's own nodes.
class BodyRelease {
 public:
  // `releases`: where to record that pages were given back; null: none are.
  explicit BodyRelease(BodyReleases* releases) : releases_(releases) {}
  BodyRelease(const BodyRelease&) = delete;
  BodyRelease& operator=(const BodyRelease&) = delete;
  ~BodyRelease() { give_back(); }

  // `body`, a root block's, is decoded.
  void decoded(const Body& body) {
    if (releases_ == nullptr) return;
    const syntax::SyntaxTree& tree = *body.file.native;
    const syntax::Node n = tree.node(body.node);
    if (tree_ != &tree || !only_headers_between(tree, n)) {
      give_back();
      tree_ = &tree;
      first_token_ = n.first_token;
      first_node_ = n.first_descendant;
    }
    end_token_ = n.end_token;
    end_node_ = body.node;
    // Pages go back in whole huge pages (see release_pages), each as soon as the run holds it.
    give_back_so_far();
  }

 private:
  // Whether only line breaks, comments and a block header lie between the run and the body
  // `next` (the run's last body and its block being the only nodes there).
  bool only_headers_between(const syntax::SyntaxTree& tree, const syntax::Node& next) const {
    if (end_node_ == 0 || next.first_descendant != end_node_ + 2) return false;
    for (uint32_t t = end_token_; t < next.first_token; ++t) {
      switch (tree.token(t).kind()) {
        case syntax::TokenKind::Newline:
        case syntax::TokenKind::Comment:
        case syntax::TokenKind::Ident:
        case syntax::TokenKind::OQuote:
        case syntax::TokenKind::QuotedLit:
        case syntax::TokenKind::CQuote:
          continue;
        default:
          return false;
      }
    }
    return true;
  }

  // Gives back the run's whole huge pages; the run goes on from the first token and node not
  // given back.
  void give_back_so_far() {
    const syntax::TreeArrays& arrays = tree_->flat_arrays();
    first_token_ = give_back(arrays.tokens.data(), first_token_, end_token_);
    first_node_ = give_back(arrays.nodes.data(), first_node_, end_node_);
  }

  // Gives back the run's whole huge pages and ends it.
  void give_back() {
    if (tree_ == nullptr || end_node_ == 0) return;
    give_back_so_far();
    end_node_ = 0;
  }

  // Gives back the whole huge pages of elements [first, end) of `data`; the first element not
  // given back.
  template <typename T>
  uint32_t give_back(const T* data, uint32_t first, uint32_t end) {
    const auto* released = static_cast<const char*>(
        base::release_pages(data + first, size_t{end - first} * sizeof(T)));
    if (released == static_cast<const void*>(data + first)) return first;
    releases_->any.store(true, std::memory_order_relaxed);
    return static_cast<uint32_t>((released - reinterpret_cast<const char*>(data)) / sizeof(T));
  }

  BodyReleases* releases_;
  const syntax::SyntaxTree* tree_ = nullptr;
  // The run: tokens [first_token_, end_token_) and nodes [first_node_, end_node_); none when
  // end_node_ is 0 (a body that is node 0 has no nodes before it, and only its braces as
  // tokens: less than a page, nothing to give back).
  uint32_t first_token_ = 0, end_token_ = 0, first_node_ = 0, end_node_ = 0;
};

class Decoder {
 public:
  // `may_split`: whether this decoder may hand half of a long run of blocks to a second core.
  // `cancel`: when set, the remaining bodies are skipped (the caller discards the result).
  // `reuse`, `produced`: block bodies decoded before, and where to put this decode's (see
  // DecodeCache); both null, or both set.
  Decoder(const base::SourceFile& primary, const eval::Scope* scope, base::Diagnostics& diags,
          bool may_split = false, const base::CancellationFlag* cancel = nullptr,
          const DecodeCache* reuse = nullptr, DecodeCache* produced = nullptr,
          DecodeOptions options = {})
      : primary_(&primary),
        budget_scope_(eval::with_budget(scope, &budget_)),
        // A decoder given half of another's blocks shares its budget.
        scope_(eval::iteration_budget(scope) != nullptr ? scope : &budget_scope_),
        diags_(diags),
        options_(options),
        may_split_(may_split),
        cancel_(cancel != nullptr ? cancel : &kNeverCancelled),
        reuse_(reuse),
        produced_(produced) {}
  Decoder(const Decoder&) = delete;
  Decoder& operator=(const Decoder&) = delete;
  // See stand_in_body_values_.
  void stand_in_body_values(bool stand_in) { stand_in_body_values_ = stand_in; }

  // hcldec on several inputs (hcl's MergeFiles): each root body's content by the schema with
  // no argument required, merged ("Duplicate argument"), then the required arguments checked.
  Value decode_merged(const std::vector<InputFile>& inputs, const Spec& spec) {
    Schema schema = schema_of(spec);
    std::vector<std::string> required;
    for (Schema::Attribute& attribute : schema.attributes)
      if (std::exchange(attribute.required, false)) required.push_back(attribute.name);
    index_names(schema);  // the copy's lookups pointed into the cached schema
    Content merged;
    merged.missing_item_range = {0, 0};
    // The attributes of all inputs, first setting first, and where each name is in that list.
    std::vector<std::pair<std::string_view, ContentAttribute>> attributes;
    std::unordered_map<std::string_view, size_t> attribute_positions;
    for (const InputFile& input : inputs) {
      const Body body = Body::of(input);
      in_file(body, [&] {
        Content content = body_content(body, schema, &diags_);
        for (const auto& [name, item] : content.attributes) {
          const auto [existing, added] = attribute_positions.try_emplace(name, attributes.size());
          if (added) {
            attributes.emplace_back(name, item);
            continue;
          }
          const ContentAttribute& first = attributes[existing->second].second;
          error("Duplicate argument",
                "Argument \"" + std::string(name) + "\" was already set at " +
                    base::format_range(first.body.file.source(), first.name_range),
                item.name_range);
        }
        for (ContentBlock& block : content.blocks) merged.blocks.push_back(std::move(block));
      });
    }
    merged.attributes = base::FlatMap<std::string_view, ContentAttribute>(attributes);
    // dynblock expands the merged body (hcl.MergeFiles, then dynblock.Expand).
    expand_dynamic_blocks(merged, schema, Body::of(inputs.front()), &diags_);
    for (const std::string& name : required)
      if (merged.attributes.find(name) == merged.attributes.end())
        // hcl has no place for this one; the start of the first file stands in.
        error("Missing required argument",
              "The argument \"" + name + "\" is required, but was not set.", {0, 0});
    return value_of(spec, merged);
  }

  // hcldec's decode: the body's content by the spec's schema (extraneous items are errors),
  // then the spec's value from it.
  Value decode_body(const Body& body, const Spec& spec) {
    // One relaxed load per body; a cancelled decode gives values of the right types, unread.
    if (cancel_->cancelled()) return Value::unknown(implied_type_of(spec));
    return in_file(body, [&] {
      const Schema& schema = schema_of(spec);
      Content content = body_content(body, schema, &diags_);
      expand_dynamic_blocks(content, schema, body, &diags_);
      content.releases_blocks = releases_root_blocks(body, schema);
      return value_of(spec, content);
    });
  }

  // hcl's JustAttributes on `body`, each attribute evaluated.
  eval::Variables attribute_values(const Body& body) {
    eval::Variables out;
    const Attributes attributes = just_attributes(body, &diags_);
    for (size_t i = 0; i < attributes.items.size(); ++i)
      out[std::string(attributes.names[i])] = evaluate(attributes.items[i]);
    return out;
  }

  // hcldec's Variables: the traversals in the expressions the spec would read from `body`.
  void variables(const Body& body, const Spec& spec, std::vector<eval::Traversal>& out) {
    const Schema& schema = schema_of(spec);
    const Content content = body_content(body, schema, nullptr);
    content_variables(spec, content, out);
  }

 private:
  // Runs `read` on `body`; diagnostics it adds that name no file are in `body`'s file, which is
  // worth saying when that is not the first input.
  template <typename Read>
  auto in_file(const Body& body, Read read) -> decltype(read()) {
    struct Tag {
      Decoder& decoder;
      const base::SourceFile& file;
      size_t from;
      ~Tag() {
        if (&file != decoder.primary_)
          for (size_t i = from; i < decoder.diags_.size(); ++i)
            if (decoder.diags_[i].file.empty()) decoder.diags_[i].file = file.filename();
      }
    } tag{*this, body.file.source(), diags_.size()};
    return read();
  }

  // Block bodies decoded by one spec, in order, and the size diags_ had after each one's
  // diagnostics were added.
  struct DecodedBlocks {
    std::vector<Value> values;
    std::vector<size_t> diag_ends;
  };

  // Decodes each block's body by `spec`. A long run of blocks is shared with a second core: its
  // later part is decoded on another thread by a decoder of its own, whose diagnostics then
  // follow the earlier part's, so values and diagnostics are those of decoding one by one.
  // `releases`, when set: the bodies' pages are given back once they are decoded, and that is
  // recorded there (BodyRelease).
  DecodedBlocks decode_blocks(const std::vector<const ContentBlock*>& blocks, const Spec& spec,
                              BodyReleases* releases) {
    DecodedBlocks out;
    out.values.reserve(blocks.size());
    out.diag_ends.reserve(blocks.size());
    const size_t split = may_split_ ? split_point(blocks) : blocks.size();
    DecodedBlocks later;
    base::Diagnostics later_diags;
    DecodeCache later_produced;
    std::optional<base::LargeStackTask> later_task;
    if (split < blocks.size())
      later_task.emplace([&] {
        uint64_t later_bytes = 0;
        for (size_t i = split; i < blocks.size(); ++i) later_bytes += blocks[i]->body.bytes();
        base::advise_thread_heap(later_bytes);
        Decoder decoder(*primary_, scope_, later_diags, false, cancel_, reuse_,
                        produced_ ? &later_produced : nullptr, options_);
        decoder.stand_in_body_values(stand_in_body_values_);
        BodyRelease released(releases);
        for (size_t i = split; i < blocks.size(); ++i) {
          later.values.push_back(decoder.decode_block_body(blocks[i]->body, spec));
          later.diag_ends.push_back(later_diags.size());
          released.decoded(blocks[i]->body);
        }
      });
    // Once split, this thread's part is not split again: there are only two cores to share.
    const bool may_split = std::exchange(may_split_, may_split_ && !later_task);
    {
      BodyRelease released(releases);
      for (size_t i = 0; i < split; ++i) {
        out.values.push_back(decode_block_body(blocks[i]->body, spec));
        out.diag_ends.push_back(diags_.size());
        released.decoded(blocks[i]->body);
      }
    }
    may_split_ = may_split;
    if (!later_task) return out;
    later_task->wait();
    if (produced_) produced_->append(std::move(later_produced));
    const size_t offset = diags_.size();
    diags_.insert(diags_.end(), std::make_move_iterator(later_diags.begin()),
                  std::make_move_iterator(later_diags.end()));
    for (size_t i = 0; i < later.values.size(); ++i) {
      out.values.push_back(std::move(later.values[i]));
      out.diag_ends.push_back(offset + later.diag_ends[i]);
    }
    return out;
  }

  // decode_body for the body of a block, reusing what decoding the same bytes by the same spec
  // gave before (DecodeCache), and remembering what it gives now.
  Value decode_block_body(const Body& body, const Spec& spec) {
    // A body a dynamic block generated is decoded once per iteration, each time differently.
    if (produced_ == nullptr || body.file.native == nullptr || &body.file.source() != primary_ ||
        body.bytes() < DecodeCache::kMinBodyBytes || body.iteration != nullptr || body.unknown)
      return decode_body(body, spec);
    const base::ByteRange range = body.file.native->range(body.node);
    if (std::shared_ptr<const DecodeCache::Entry> entry =
            reuse_ ? reuse_->find(range, spec) : nullptr) {
      for (const base::Diagnostic& relative : entry->diagnostics)
        diags_.push_back(moved(relative, static_cast<int64_t>(range.start)));
      Value value = entry->value;
      produced_->add(range.start, std::move(entry));
      return value;
    }
    const size_t from = diags_.size();
    Value value = decode_body(body, spec);
    if (stand_in_body_values_ && value.is_known() && !value.is_null())
      value = Value::unknown(value.type());
    if (cancel_->cancelled()) return value;
    auto entry = std::make_shared<DecodeCache::Entry>();
    entry->length = range.size();
    entry->spec = &spec;
    entry->value = value;
    for (size_t i = from; i < diags_.size(); ++i) {
      const base::Diagnostic& diag = diags_[i];
      // Only what lies inside the body moves with it; a body whose decode reports elsewhere (in
      // the spec file, say) is not remembered.
      const bool inside =
          diag.file.empty() && range.start <= diag.subject.start && diag.subject.end <= range.end &&
          (!diag.context || (range.start <= diag.context->start && diag.context->end <= range.end));
      if (!inside) return value;
      entry->diagnostics.push_back(moved(diag, -static_cast<int64_t>(range.start)));
    }
    produced_->add(range.start, std::move(entry));
    return value;
  }

  // Where the giving back of the blocks of `body`'s content once decoded is recorded, or null
  // when they are not given back: only for the root body of the tree the options allow it for,
  // when no block is read twice (see DecodeOptions::release_root_block_bodies).
  BodyReleases* releases_root_blocks(const Body& body, const Schema& schema) const {
    const syntax::SyntaxTree* tree = body.file.native;
    const bool releases = options_.release_root_block_bodies != nullptr &&
                          options_.dynamic_blocks == DynamicBlocks::Off && tree != nullptr &&
                          &body.file.source() == primary_ && tree->chunks().empty() &&
                          body.node == tree->root() && !schema.block_type_read_twice;
    return releases ? options_.release_root_block_bodies : nullptr;
  }

  static base::Diagnostic moved(const base::Diagnostic& diag, int64_t by) {
    base::Diagnostic out = diag;
    const auto move = [by](base::ByteRange& r) {
      r = {static_cast<uint32_t>(r.start + by), static_cast<uint32_t>(r.end + by)};
    };
    move(out.subject);
    if (out.context) move(*out.context);
    return out;
  }

  // Where to cut a run of blocks into two parts of about equal size in the source, or
  // blocks.size() when that is not worth a thread: too little input, or no cut near the middle
  // (then blocks nested deeper may still be shared).
  static size_t split_point(const std::vector<const ContentBlock*>& blocks) {
    if (blocks.size() < 2 || !base::has_second_core()) return blocks.size();
    uint64_t total = 0;
    for (const ContentBlock* block : blocks) total += block->body.bytes();
    if (total < kParallelDecodeBytes) return blocks.size();
    // The cut after `cut` blocks nearest the middle: |2 * before - total| is least.
    size_t cut = 1;
    uint64_t before = blocks[0]->body.bytes();
    const auto off_middle = [&](uint64_t bytes) {
      return bytes > total - bytes ? 2 * bytes - total : total - 2 * bytes;
    };
    for (uint64_t prefix = before, k = 1; k + 1 < blocks.size(); ++k) {
      prefix += blocks[k]->body.bytes();
      if (off_middle(prefix) < off_middle(before)) {
        before = prefix;
        cut = k + 1;
      }
    }
    if (4 * std::min(before, total - before) < total) return blocks.size();
    return cut;
  }

  // Each spec's schema, built once per decode: every body a spec reads shares it.
  const Schema& schema_of(const Spec& spec) {
    auto [found, added] = schemas_.try_emplace(&spec);
    if (!added) return found->second;
    Schema& schema = found->second;
    schema = schema_from_model(spec);
    // dynblock reads "dynamic" blocks besides the spec's (unless the spec reads them itself).
    schema.dynamic_blocks =
        options_.dynamic_blocks != DynamicBlocks::Off &&
        std::none_of(schema.blocks.begin(), schema.blocks.end(),
                     [](const Schema::Block& block) { return block.type == kDynamic; });
    if (schema.dynamic_blocks) schema.blocks.push_back({std::string(kDynamic), {"type"}});
    index_names(schema);
    return schema;
  }

  // An object spec's implied type and, for each property, the place of its attribute in that
  // type (name order), so that the object's value is built in that order with its type known
  // (properties are decoded in spec order). Once per spec per decode.
  struct ObjectShape {
    types::Type type;
    std::vector<uint32_t> places;  // empty when names repeat (in NFC): no shortcut
  };
  const ObjectShape& object_shape(const Spec& spec, const ObjectSpec& object) {
    auto [found, added] = object_shapes_.try_emplace(&spec);
    if (!added) return found->second;
    ObjectShape& shape = found->second;
    shape.type = implied_type_of(spec);
    // Names that repeat (in NFC) leave the type fewer attributes than properties.
    if (shape.type.attributes().size() != object.properties.size()) return shape;
    for (const auto& [name, nested] : object.properties)
      shape.places.push_back(static_cast<uint32_t>(*shape.type.attribute_index(name)));
    return shape;
  }

  // Each spec's implied type, built once per decode: every block a spec reads needs it.
  const types::Type& implied_type_of(const Spec& spec) {
    auto [found, added] = implied_types_.try_emplace(&spec);
    if (added) found->second = implied_type(spec);
    return found->second;
  }

  // An attribute's value, seeing the iterator variables of its body.
  Value evaluate(const ContentAttribute& attribute) {
    if (attribute.body.unknown) return Value::unknown(types::Type::dynamic());
    return evaluate(attribute, scope_of(attribute.body.iteration), diags_);
  }

  static Value evaluate(const ContentAttribute& attribute, const eval::Scope* scope,
                        base::Diagnostics& diags) {
    if (attribute.body.file.native)
      return eval::evaluate(*attribute.body.file.native, attribute.expression, scope, diags);
    return eval::evaluate_json(*attribute.body.file.json, attribute.expression, scope, diags);
  }

  const eval::Scope* scope_of(const Iteration* iteration) const {
    return iteration ? &iteration->scope : scope_;
  }

  static std::vector<eval::Traversal> expression_variables(const ContentAttribute& attribute) {
    if (attribute.body.file.native)
      return eval::referenced_variables(*attribute.body.file.native, attribute.expression);
    return eval::json_referenced_variables(*attribute.body.file.json, attribute.expression);
  }

  void content_variables(const Spec& spec, const Content& content,
                         std::vector<eval::Traversal>& out) {
    const auto append = [&out](std::vector<eval::Traversal> more) {
      out.insert(out.end(), std::make_move_iterator(more.begin()),
                 std::make_move_iterator(more.end()));
    };
    std::visit(
        [&](const auto& kind) {
          using Kind = std::decay_t<decltype(kind)>;
          if constexpr (std::is_same_v<Kind, ObjectSpec>) {
            for (const auto& [name, nested] : kind.properties)
              content_variables(*nested, content, out);
          } else if constexpr (std::is_same_v<Kind, AttrSpec>) {
            const auto found = content.attributes.find(kind.name);
            if (found != content.attributes.end()) append(expression_variables(found->second));
          } else if constexpr (std::is_same_v<Kind, TupleSpec>) {
            for (const SpecPtr& element : kind.elements) content_variables(*element, content, out);
          } else if constexpr (std::is_same_v<Kind, TransformSpec>) {
            content_variables(*kind.wrapped, content, out);
          } else if constexpr (std::is_same_v<Kind, DefaultSpec>) {
            content_variables(*kind.primary, content, out);
            content_variables(*kind.fallback, content, out);
          } else if constexpr (std::is_same_v<Kind, BlockAttrsSpec>) {
            const ContentBlock* block = find_block(content, kind.type_name).first;
            if (!block) return;
            const Attributes attributes = just_attributes(block->body, nullptr);
            if (!attributes.ok) return;  // hcldec lists nothing after JustAttributes fails
            for (const ContentAttribute& attribute : attributes.items)
              append(expression_variables(attribute));
          } else if constexpr (!std::is_same_v<Kind, LiteralSpec>) {
            // The block specs: one block for `block`, every block of the type for the others.
            for (const ContentBlock& child : content.blocks) {
              if (child.type != kind.type_name) continue;
              variables(child.body, *kind.nested, out);
              if constexpr (std::is_same_v<Kind, BlockSpec>) break;
            }
          }
        },
        spec.kind);
  }

  void error(std::string summary, std::string detail, base::ByteRange subject,
             std::optional<base::ByteRange> context = std::nullopt) {
    diags_.push_back(
        {base::Severity::Error, std::move(summary), std::move(detail), subject, context});
  }

  // dynblock's expansion of the content of `parent` (DecodeOptions::dynamic_blocks): each
  // `dynamic "T"` block becomes the blocks of type T it generates, and every other block sees
  // the iterator variables `parent` sees. With `diags` null, no problem is reported.
  void expand_dynamic_blocks(Content& content, const Schema& schema, const Body& parent,
                             base::Diagnostics* diags) {
    if (!schema.dynamic_blocks) return;
    base::Diagnostics unreported;
    base::Diagnostics& out = diags ? *diags : unreported;
    std::vector<ContentBlock> blocks;
    blocks.reserve(content.blocks.size());
    for (ContentBlock& block : content.blocks) {
      if (block.type == kDynamic) {
        expand_dynamic_block(block, schema, parent, blocks, out);
        continue;
      }
      block.body.iteration = parent.iteration;
      block.body.unknown = parent.unknown;
      blocks.push_back(std::move(block));
    }
    content.blocks = std::move(blocks);
  }

  // dynblock's decodeSpec and newBlock: the blocks one `dynamic` block generates, appended to
  // `blocks`, or none after an error.
  void expand_dynamic_block(const ContentBlock& dynamic, const Schema& schema, const Body& parent,
                            std::vector<ContentBlock>& blocks, base::Diagnostics& out) {
    const auto report = [&out](std::string summary, std::string detail, base::ByteRange subject) {
      out.push_back(
          {base::Severity::Error, std::move(summary), std::move(detail), subject, std::nullopt});
    };
    const std::string& type = dynamic.labels[0];
    const auto found = schema.block_types.find(type);
    if (found == schema.block_types.end() || type == kDynamic) {
      report("Unsupported block type",
             "Blocks of type " + base::go_quote(type) + " are not expected here.",
             dynamic.first_label_range);
      return;
    }
    const Schema::Block& target = *found->second;
    const size_t own_diags = out.size();
    const Content spec =
        body_content(dynamic.body, dynamic_block_schema(!target.label_names.empty()), &out);
    if (base::has_errors(out, own_diags)) return;

    const ContentAttribute& for_each = spec.attributes.find("for_each")->second;
    const Value each = evaluate(for_each, scope_of(parent.iteration), out);
    // dynblock drops the block after an error in for_each; a check takes it as unknown.
    const bool each_failed = base::has_errors(out, own_diags);
    const bool checking = options_.dynamic_blocks == DynamicBlocks::Check;
    const bool known = !each_failed && each.is_known();
    if (!eval::can_iterate(each.type()) && !each.type().is_dynamic()) {
      report("Invalid dynamic for_each value",
             "Cannot use a " + each.type().friendly_name() +
                 " value in for_each. An iterable collection is required.",
             for_each.expression_range);
      return;
    }
    if (each.is_null()) {
      report("Invalid dynamic for_each value", "Cannot use a null value in for_each.",
             for_each.expression_range);
      return;
    }
    std::string iterator = target.type;
    if (const auto written = spec.attributes.find("iterator"); written != spec.attributes.end()) {
      std::optional<std::string> name = iterator_name(written->second, out);
      if (!name) return;
      iterator = std::move(*name);
    }
    std::vector<ContentAttribute> label_expressions;
    if (const auto labels = spec.attributes.find("labels"); labels != spec.attributes.end()) {
      std::optional<std::vector<ContentAttribute>> list = expression_list(labels->second, out);
      if (!list) return;
      label_expressions = std::move(*list);
      const std::string detail = "Blocks of type " + base::go_quote(target.type) + " require " +
                                 std::to_string(target.label_names.size()) + " label(s).";
      if (label_expressions.size() > target.label_names.size()) {
        report("Extraneous dynamic block label", detail,
               label_expressions[target.label_names.size()].expression_range);
        return;
      }
      if (label_expressions.size() < target.label_names.size()) {
        report("Insufficient dynamic block labels", detail, labels->second.expression_range);
        return;
      }
    }
    if (spec.blocks.empty()) {
      report("Missing dynamic content block",
             "A dynamic block must have a nested block of type \"content\" to describe the body "
             "of each generated block.",
             spec.missing_item_range);
      return;
    }
    if (spec.blocks.size() > 1) {
      report("Extraneous dynamic content block",
             "Only one nested content block is allowed for each dynamic block.",
             spec.blocks[1].def_range);
      return;
    }
    if (each_failed && !checking) return;

    const auto generate = [&](Value key, Value value) {
      Iteration& iteration = iterations_.emplace_back();
      iteration.variables[iterator] =
          Value::object(types::Entries{{"key", std::move(key)}, {"value", std::move(value)}});
      // The enclosing iterators are seen through the parent's scope (an inner name hides an
      // outer one), not copied: D nested levels would hold D² variables.
      iteration.scope = {&iteration.variables, nullptr,
                         parent.iteration ? &parent.iteration->scope : scope_};
      ContentBlock block{target.type, {}, dynamic.def_range, spec.blocks[0].body};
      block.body.iteration = &iteration;
      block.body.unknown = parent.unknown || !known;
      for (const ContentAttribute& expression : label_expressions) {
        const size_t label_diags = out.size();
        types::Converted label =
            types::convert(evaluate(expression, &iteration.scope, out), types::Type::string());
        if (base::has_errors(out, label_diags)) return;
        if (checking && label.ok() && !label.value.is_known()) {
          block.labels.emplace_back();  // stands for the labels for_each would give
          continue;
        }
        const char* problem = !label.ok()             ? nullptr
                              : label.value.is_null() ? "Cannot use a null value as a dynamic "
                                                        "block label."
                              : !label.value.is_known()
                                  ? "This value is not yet known. Dynamic block labels must be "
                                    "immediately-known values."
                                  : nullptr;
        if (!label.ok() || problem) {
          report("Invalid dynamic block label",
                 problem ? problem
                         : "Cannot use this value as a dynamic block label: " + label.error + ".",
                 expression.expression_range);
          return;
        }
        if (block.labels.empty()) block.first_label_range = expression.expression_range;
        block.labels.push_back(label.value.as_string());
      }
      blocks.push_back(std::move(block));
    };
    if (!known) {
      generate(Value::unknown(types::Type::dynamic()), Value::unknown(types::Type::dynamic()));
      return;
    }
    if (!eval::iteration_budget(scope_)->take(each.length())) {
      report("Too many dynamic blocks",
             eval::IterationBudget::exceeded("Generating these " + std::to_string(each.length()) +
                                             " blocks"),
             for_each.expression_range);
      return;
    }
    for (auto& [key, value] : eval::iteration_pairs(each)) generate(key, value);
  }

  // hcl's AbsTraversalForExpr, for a dynamic block's iterator: its one name, or nothing after
  // an error.
  static std::optional<std::string> iterator_name(const ContentAttribute& attribute,
                                                  base::Diagnostics& out) {
    std::optional<eval::Traversal> traversal;
    if (const syntax::SyntaxTree* tree = attribute.body.file.native) {
      traversal = static_traversal(*tree, attribute.expression);
    } else if (const syntax::JsonNode& n = attribute.body.file.json->node(attribute.expression);
               n.kind == JsonKind::String) {
      // hcl's JSON string as a traversal: its decoded value parsed as if it began at the
      // opening quote (hcl's ranges, one byte early).
      traversal = eval::parse_traversal(n.string_value, n.range.start);
    }
    if (!traversal) {
      out.push_back({base::Severity::Error, "Invalid expression",
                     "A single static variable reference is required: only attribute access and "
                     "indexing with constant keys. No calculations, function calls, template "
                     "expressions, etc are allowed here.",
                     attribute.expression_range, std::nullopt});
      return std::nullopt;
    }
    if (traversal->size() != 1) {
      out.push_back({base::Severity::Error,
                     "Invalid dynamic iterator name",
                     "Dynamic iterator must be a single variable name.",
                     {traversal->front().range.start, traversal->back().range.end},
                     std::nullopt});
      return std::nullopt;
    }
    return std::move(traversal->front().name);
  }

  // hclsyntax's AsTraversal of a native expression: a scope traversal's steps; true, false and
  // null as names (traversals have no keywords); a relative traversal's steps after those of its
  // source. Nothing for any other expression (a parenthesis, a template, a call).
  static std::optional<eval::Traversal> static_traversal(const syntax::SyntaxTree& tree,
                                                         NodeId expression) {
    const syntax::Node& n = tree.node(expression);
    switch (n.kind) {
      case NodeKind::ScopeTraversal:
        return eval::traversal_steps(tree, expression);
      case NodeKind::Literal: {
        const std::string_view text = tree.token_text(n.first_token);
        if (text != "true" && text != "false" && text != "null") return std::nullopt;
        return eval::Traversal{{eval::TraversalStep::Kind::Root, std::string(text), Value(),
                                tree.tokens()[n.first_token].range()}};
      }
      case NodeKind::RelativeTraversal: {
        std::optional<eval::Traversal> steps = static_traversal(tree, expression - 1);
        if (!steps) return std::nullopt;
        for (eval::TraversalStep& step : eval::traversal_steps(tree, expression))
          steps->push_back(std::move(step));
        return steps;
      }
      default:
        return std::nullopt;
    }
  }

  // hcl's ExprList, for a dynamic block's labels: the elements of a tuple (a JSON array), or
  // nothing after an error.
  static std::optional<std::vector<ContentAttribute>> expression_list(
      const ContentAttribute& attribute, base::Diagnostics& out) {
    std::vector<ContentAttribute> elements;
    const auto element = [&](uint32_t expression, base::ByteRange range) {
      elements.push_back({attribute.body, expression, range, range});
    };
    base::ByteRange start;
    if (const syntax::SyntaxTree* tree = attribute.body.file.native) {
      if (tree->node(attribute.expression).kind == NodeKind::Tuple) {
        for (NodeId child : tree->children(attribute.expression))
          element(child, tree->range(child));
        return elements;
      }
      start = eval::expression_start_range(*tree, attribute.expression);
    } else {
      const syntax::JsonTree& json = *attribute.body.file.json;
      if (json.node(attribute.expression).kind == JsonKind::Array) {
        for (JsonId child : json.elements(attribute.expression))
          element(child, json.node(child).range);
        return elements;
      }
      start = json.node(attribute.expression).open;
    }
    out.push_back({base::Severity::Error, "Invalid expression",
                   "A static list expression is required.", start, std::nullopt});
    return std::nullopt;
  }

  // hcl's Body.Content; with `diags` null, PartialContent without any problems reported.
  Content body_content(const Body& body, const Schema& schema, base::Diagnostics* diags) {
    return body.file.native ? native_content(body, schema, diags)
                            : json_content(body, schema, diags);
  }

  // hcl's JustAttributes, reporting to `diags` when it is not null.
  Attributes just_attributes(const Body& body, base::Diagnostics* diags) {
    return body.file.native ? native_attributes(body, diags) : json_attributes(body, diags);
  }

  // hclsyntax's Body.Content.
  Content native_content(const Body& body, const Schema& schema, base::Diagnostics* diags) {
    const syntax::SyntaxTree& tree = *body.file.native;
    Content content;
    const uint32_t start = tree.range(body.node).start;
    content.missing_item_range = {start, start};
    // The lists are the decoder's, reused from body to body (this does not recurse), so reading
    // a body allocates only for what its content keeps.
    std::vector<NodeId>& items = body_items_;
    // The items are found from the last one back, each through the node after it: a chain of
    // loads that each wait on memory when the body's nodes are not cached; then their names
    // are read from tokens spread over the body. The body's last nodes and first tokens (4 KiB
    // of each, a whole block of a few dozen lines), asked for at once, arrive together.
    constexpr uint32_t kPrefetchTokens = 4096 / sizeof(syntax::Token);
    const syntax::Node body_node = tree.node(body.node);
    tree.nodes().prefetch_subtree(body.node, 4096);
    tree.tokens().prefetch(body_node.first_token,
                           std::min(body_node.end_token, body_node.first_token + kPrefetchTokens));
    tree.children(body.node, items);
    // Built at once: inserting one by one is quadratic in a large body.
    std::vector<std::pair<std::string_view, NodeId>>& attribute_items = attribute_items_;
    attribute_items.clear();
    size_t block_count = 0;
    for (NodeId item : items) {
      block_count += tree.node(item).kind == NodeKind::Block;
      if (tree.node(item).kind == NodeKind::Attribute)
        attribute_items.emplace_back(tree.token_text(tree.node(item).first_token), item);
    }
    const base::FlatMap<std::string_view, NodeId> defined(attribute_items);
    std::vector<std::pair<std::string_view, ContentAttribute>>& matched = matched_attributes_;
    matched.clear();
    for (const Schema::Attribute& attribute : schema.attributes) {
      const auto found = defined.find(attribute.name);
      if (found != defined.end()) {
        const NodeId expression = found->second - 1;
        matched.emplace_back(
            found->first,
            ContentAttribute{body, expression,
                             tree.tokens()[tree.node(found->second).first_token].range(),
                             tree.range(expression)});
      } else if (attribute.required && diags) {
        diags->push_back(
            {base::Severity::Error, "Missing required argument",
             "The argument \"" + attribute.name + "\" is required, but no definition was found.",
             content.missing_item_range, std::nullopt});
      }
    }
    content.attributes = base::FlatMap<std::string_view, ContentAttribute>(matched);
    // Whether an item may be one the schema does not mention (then Content reports it).
    bool unmatched = content.attributes.size() < defined.size();
    content.blocks.reserve(block_count);
    for (NodeId item : items) {
      if (tree.node(item).kind != NodeKind::Block) continue;
      const auto found = schema.block_types.find(tree.token_text(tree.node(item).first_token));
      if (found == schema.block_types.end()) {
        unmatched = true;
        continue;
      }
      syntax::BlockHeader header = syntax::block_header(tree, item);
      const std::vector<std::string>& label_names = found->second->label_names;
      if (header.body == syntax::kNoNode) continue;  // a broken header: the parser has reported it
      if (std::optional<base::Diagnostic> problem =
              syntax::label_count_problem(header, found->second->type, label_names)) {
        if (diags) diags->push_back(std::move(*problem));
        continue;
      }
      ContentBlock block{header.type_range.slice(tree.text()),
                         {},
                         header.def_range,
                         Body{&tree, header.body},
                         header.labels.empty() ? base::ByteRange{} : header.labels[0].range};
      for (syntax::BlockLabel& label : header.labels)
        block.labels.push_back(std::move(label.value));
      content.blocks.push_back(std::move(block));
    }
    if (diags && unmatched) native_extraneous_items(tree, items, schema, content, defined, *diags);
    return content;
  }

  // The errors hclsyntax's Body.Content adds for items the schema does not mention.
  static void native_extraneous_items(const syntax::SyntaxTree& tree,
                                      const std::vector<NodeId>& items, const Schema& schema,
                                      const Content& content,
                                      const base::FlatMap<std::string_view, NodeId>& defined,
                                      base::Diagnostics& diags) {
    std::vector<std::string_view> undefined_attributes;
    for (const Schema::Attribute& attribute : schema.attributes)
      if (content.attributes.find(attribute.name) == content.attributes.end())
        undefined_attributes.push_back(attribute.name);
    std::vector<std::string_view> block_types;
    for (const Schema::Block& block : schema.blocks) block_types.push_back(block.type);
    const auto is_block_type = [&](std::string_view name) {
      return schema.block_types.find(name) != schema.block_types.end();
    };
    for (NodeId item : items) {
      const syntax::Node& n = tree.node(item);
      const std::string name(tree.token_text(n.first_token));
      const base::ByteRange name_range = tree.tokens()[n.first_token].range();
      if (n.kind == NodeKind::Attribute) {
        const auto taken = content.attributes.find(name);
        if (taken != content.attributes.end()) continue;
        if (defined.at(name) != item) continue;  // a redefinition: the parser reported it
        std::string suggestion(base::name_suggestion(name, undefined_attributes));
        if (!suggestion.empty())
          suggestion = " Did you mean \"" + suggestion + "\"?";
        else if (is_block_type(name))
          suggestion = " Did you mean to define a block of type \"" + name + "\"?";
        diags.push_back({base::Severity::Error, "Unsupported argument",
                         "An argument named \"" + name + "\" is not expected here." + suggestion,
                         name_range, std::nullopt});
      } else if (n.kind == NodeKind::Block && !is_block_type(name)) {
        std::string suggestion(base::name_suggestion(name, block_types));
        if (!suggestion.empty())
          suggestion = " Did you mean \"" + suggestion + "\"?";
        else if (schema.attribute_names.find(name) != schema.attribute_names.end())
          suggestion = " Did you mean to define argument \"" + name +
                       "\"? If so, use the equals sign to assign it a value.";
        diags.push_back({base::Severity::Error, "Unsupported block type",
                         "Blocks of type \"" + name + "\" are not expected here." + suggestion,
                         name_range, std::nullopt});
      }
    }
  }

  // hclsyntax's JustAttributes: a block in the body is an error (the first one is reported),
  // the attributes are still given.
  static Attributes native_attributes(const Body& body, base::Diagnostics* diags) {
    const syntax::SyntaxTree& tree = *body.file.native;
    Attributes out;
    syntax::ChildIds items;
    tree.children(body.node, items);
    out.items.reserve(items.size());
    out.names.reserve(items.size());
    for (NodeId item : items) {
      const syntax::Node& n = tree.node(item);
      const std::string_view name = tree.token_text(n.first_token);
      const base::ByteRange name_range = tree.tokens()[n.first_token].range();
      if (n.kind == NodeKind::Attribute) {
        out.items.push_back({body, item - 1, name_range, tree.range(item - 1)});
        out.names.push_back(name);
      } else if (n.kind == NodeKind::Block && out.ok) {
        out.ok = false;
        if (diags)
          diags->push_back({base::Severity::Error, "Unexpected \"" + std::string(name) + "\" block",
                            "Blocks are not allowed here.", name_range, std::nullopt});
      }
    }
    return out;
  }

  // hcl json's collectDeepAttrs: the properties of an object, or of every object of an array.
  // `label_name` tailors the messages to a block's labels.
  static std::vector<const syntax::JsonProperty*> deep_properties(const syntax::JsonTree& tree,
                                                                  JsonId value,
                                                                  const std::string* label_name,
                                                                  base::Diagnostics& diags) {
    std::vector<const syntax::JsonProperty*> out;
    const syntax::JsonNode& n = tree.node(value);
    const auto wrong = [&](base::ByteRange at, const std::string& what) {
      diags.push_back({base::Severity::Error, "Incorrect JSON value type", what, at, std::nullopt});
    };
    if (n.kind == JsonKind::Null) return out;
    if (n.kind == JsonKind::Object) {
      for (const syntax::JsonProperty& property : tree.properties(value)) out.push_back(&property);
      return out;
    }
    if (n.kind != JsonKind::Array) {
      wrong(n.open, label_name ? "Either a JSON object or JSON array of objects is required here, "
                                 "to specify " +
                                     *label_name + " labels for this block."
                               : "Either a JSON object or JSON array of objects is required here, "
                                 "to define arguments and child blocks.");
      return out;
    }
    for (JsonId element : tree.elements(value)) {
      if (tree.node(element).kind == JsonKind::Object) {
        for (const syntax::JsonProperty& property : tree.properties(element))
          out.push_back(&property);
        continue;
      }
      wrong(tree.node(element).open,
            label_name ? "A JSON object is required here, to specify " + *label_name +
                             " labels for this block."
                       : "A JSON object is required here, to define arguments and child blocks.");
    }
    return out;
  }

  // hcl json's MissingItemRange: an object's closing brace, an array's opening bracket.
  static base::ByteRange json_missing_item_range(const syntax::JsonNode& n) {
    return n.kind == JsonKind::Object ? n.close : n.open;
  }

  // hcl json's Body.Content (PartialContent, then the properties nothing took).
  Content json_content(const Body& body, const Schema& schema, base::Diagnostics* diags) {
    const syntax::JsonTree& tree = *body.file.json;
    base::Diagnostics unreported;
    base::Diagnostics& out = diags ? *diags : unreported;
    Content content;
    content.missing_item_range = json_missing_item_range(tree.node(body.node));
    std::set<std::string_view> used;
    // The attributes in the order met, and where each name is in that list.
    std::vector<std::pair<std::string_view, ContentAttribute>> attributes;
    std::unordered_map<std::string_view, size_t> attribute_positions;
    for (const syntax::JsonProperty* property : deep_properties(tree, body.node, nullptr, out)) {
      const std::string_view name = property->name;
      if (schema.attribute_names.find(name) != schema.attribute_names.end()) {
        const auto [existing, added] = attribute_positions.try_emplace(name, attributes.size());
        if (!added) {
          const ContentAttribute& first = attributes[existing->second].second;
          out.push_back({base::Severity::Error, "Duplicate argument",
                         "The argument " + base::go_quote(name) + " was already set at " +
                             base::format_range(tree, base::range_between(first.name_range,
                                                                          first.expression_range)) +
                             ".",
                         property->name_range, property->name_range});
          continue;
        }
        attributes.emplace_back(name, ContentAttribute{body, property->value, property->name_range,
                                                       tree.node(property->value).range});
        used.insert(name);
      } else if (const auto block = schema.block_types.find(name);
                 block != schema.block_types.end()) {
        unpack_blocks(tree, property->value, *block->second, property->name, 0, {}, {}, content,
                      out);
        used.insert(name);
      }
    }
    content.attributes = base::FlatMap<std::string_view, ContentAttribute>(attributes);
    for (const Schema::Attribute& attribute : schema.attributes)
      if (attribute.required && content.attributes.find(attribute.name) == content.attributes.end())
        out.push_back({base::Severity::Error, "Missing required argument",
                       "The argument " + base::go_quote(attribute.name) +
                           " is required, but no definition was found.",
                       content.missing_item_range, std::nullopt});
    if (!diags) return content;

    std::vector<std::string_view> suggestions;
    for (const Schema::Attribute& attribute : schema.attributes)
      if (!used.count(attribute.name)) suggestions.push_back(attribute.name);
    for (const Schema::Block& block : schema.blocks) suggestions.push_back(block.type);
    for (const syntax::JsonProperty* property : deep_properties(tree, body.node, nullptr, out)) {
      if (property->name == "//" || used.count(property->name)) continue;  // "//": a comment
      std::string suggestion(base::name_suggestion(property->name, suggestions));
      if (!suggestion.empty()) suggestion = " Did you mean " + base::go_quote(suggestion) + "?";
      out.push_back({base::Severity::Error, "Extraneous JSON object property",
                     "No argument or block type is named " + base::go_quote(property->name) + "." +
                         suggestion,
                     property->name_range, property->name_range});
    }
    return content;
  }

  // hcl json's unpackBlock: one property level per label, then an object (one block), an
  // array (a block for each element) or null (none). `first_label_range`: the property naming
  // the first label, once read.
  static void unpack_blocks(const syntax::JsonTree& tree, JsonId value, const Schema::Block& schema,
                            std::string_view type, size_t label_index,
                            std::vector<std::string> labels, base::ByteRange first_label_range,
                            Content& content, base::Diagnostics& diags) {
    const syntax::JsonNode& n = tree.node(value);
    if (label_index < schema.label_names.size()) {
      const std::string& label_name = schema.label_names[label_index];
      const std::vector<const syntax::JsonProperty*> properties =
          deep_properties(tree, value, &label_name, diags);
      if (properties.empty()) {
        diags.push_back({base::Severity::Error, "Missing block label",
                         "At least one object property is required, whose name represents the " +
                             schema.type + " block's " + label_name + ".",
                         n.open, std::nullopt});
        return;
      }
      for (const syntax::JsonProperty* property : properties) {
        labels.push_back(property->name);
        unpack_blocks(tree, property->value, schema, type, label_index + 1, labels,
                      label_index == 0 ? property->name_range : first_label_range, content, diags);
        labels.pop_back();
      }
      return;
    }
    if (n.kind == JsonKind::Null) return;
    if (n.kind == JsonKind::Object) {
      content.blocks.push_back(
          {type, std::move(labels), n.open, Body{&tree, value}, first_label_range});
      return;
    }
    if (n.kind == JsonKind::Array) {
      for (JsonId element : tree.elements(value))
        content.blocks.push_back({type, labels, n.open, Body{&tree, element}, first_label_range});
      return;
    }
    diags.push_back({base::Severity::Error, "Incorrect JSON value type",
                     "Either a JSON object or a JSON array is required, representing the contents "
                     "of one or more " +
                         base::go_quote(schema.type) + " blocks.",
                     n.open, std::nullopt});
  }

  // hcl json's JustAttributes: the body must be an object; every property is an attribute.
  static Attributes json_attributes(const Body& body, base::Diagnostics* diags) {
    const syntax::JsonTree& tree = *body.file.json;
    Attributes out;
    const syntax::JsonNode& n = tree.node(body.node);
    if (n.kind != JsonKind::Object) {
      out.ok = false;
      if (diags)
        diags->push_back({base::Severity::Error, "Incorrect JSON value type",
                          "A JSON object is required here, setting the arguments for this block.",
                          n.open, std::nullopt});
      return out;
    }
    std::map<std::string_view, size_t> seen;  // name -> index in out.items
    for (const syntax::JsonProperty& property : tree.properties(body.node)) {
      if (property.name == "//") continue;
      const ContentAttribute attribute{body, property.value, property.name_range,
                                       tree.node(property.value).range};
      if (const auto earlier = seen.find(property.name); earlier != seen.end()) {
        out.ok = false;
        const ContentAttribute& first = out.items[earlier->second];
        if (diags)
          diags->push_back(
              {base::Severity::Error, "Duplicate attribute definition",
               "The argument " + base::go_quote(property.name) + " was already set at " +
                   base::format_range(
                       tree, base::range_between(first.name_range, first.expression_range)) +
                   ".",
               property.name_range, std::nullopt});
        continue;
      }
      out.items.push_back(attribute);
      out.names.push_back(property.name);
      seen[property.name] = out.items.size() - 1;
    }
    return out;
  }

  // Where a spec's value came from in a body (hcldec's sourceRange), for block count errors.
  base::ByteRange source_range(const Body& body, const Spec& spec) {
    const Schema& schema = schema_of(spec);
    Content content = body_content(body, schema, nullptr);
    expand_dynamic_blocks(content, schema, body, nullptr);
    if (const auto* attr = std::get_if<AttrSpec>(&spec.kind)) {
      const auto found = content.attributes.find(attr->name);
      return found == content.attributes.end() ? content.missing_item_range
                                               : found->second.expression_range;
    }
    if (const auto* transform = std::get_if<TransformSpec>(&spec.kind))
      return source_range(body, *transform->wrapped);
    if (const auto* fallback = std::get_if<DefaultSpec>(&spec.kind))
      return source_range(body, *fallback->primary);
    if (const auto* attrs = std::get_if<BlockAttrsSpec>(&spec.kind)) {
      const ContentBlock* block = find_block(content, attrs->type_name).first;
      return block ? block->def_range : content.missing_item_range;
    }
    if (const auto* block = std::get_if<BlockSpec>(&spec.kind)) {
      for (const ContentBlock& child : content.blocks)
        if (child.type == block->type_name)
          return in_file(child.body, [&] { return source_range(child.body, *block->nested); });
    }
    return content.missing_item_range;
  }

  Value value_of(const Spec& spec, const Content& content) {
    return std::visit(
        [&](const auto& kind) {
          if constexpr (std::is_same_v<std::decay_t<decltype(kind)>, ObjectSpec>)
            return object_value(spec, kind, content);  // its shape is kept by spec
          else
            return value_of(kind, content);
        },
        spec.kind);
  }

  Value object_value(const Spec& spec, const ObjectSpec& object, const Content& content) {
    // Decoded in spec order (the order of diagnostics), placed in the type's name order.
    const ObjectShape& shape = object_shape(spec, object);
    if (shape.places.empty() && !object.properties.empty()) {
      types::Entries entries;
      entries.reserve(object.properties.size());
      for (const auto& [name, nested] : object.properties)
        entries.emplace_back(name, value_of(*nested, content));
      return Value::object(std::move(entries));
    }
    // Made in place as nulls, then filled: no list of the values exists beside the object's.
    types::SharedArray<Value> values(object.properties.size(), [](size_t) { return Value(); });
    const std::span<Value> slots = values.sole_items();
    for (size_t i = 0; i < object.properties.size(); ++i)
      slots[shape.places[i]] = value_of(*object.properties[i].second, content);
    return Value::object_of_array(shape.type, std::move(values));
  }

  Value value_of(const LiteralSpec& literal, const Content&) { return literal.value; }

  Value value_of(const AttrSpec& attr, const Content& content) {
    const auto found = content.attributes.find(attr.name);
    if (found == content.attributes.end()) return Value::null(attr.type);
    const ContentAttribute& attribute = found->second;
    return in_file(attribute.body, [&] {
      types::Converted converted = types::convert(evaluate(attribute), attr.type);
      if (!converted.ok()) {
        error("Incorrect attribute value type",
              "Inappropriate value for attribute \"" + attr.name + "\": " + converted.error + ".",
              attribute.expression_range,
              base::range_between(attribute.name_range, attribute.expression_range));
        return Value::unknown(attr.type);
      }
      return std::move(converted.value);
    });
  }

  Value value_of(const BlockSpec& block, const Content& content) {
    const auto [child, other] = find_block(content, block.type_name);
    if (other) duplicate_block(block.type_name, *child, *other);
    if (!child) {
      if (block.required) missing_block(block.type_name, content);
      return Value::null(implied_type_of(*block.nested));
    }
    return decode_body(child->body, *block.nested);
  }

  // Whether one of `blocks` has an unknown body (then the spec's value is unknown, and its
  // blocks are not counted). hcldec reads no block after that one (nor that one, unless
  // `read_unknown`): they are cut off, except when checking a file, whose blocks are all read.
  bool has_unknown_body(std::vector<const ContentBlock*>& blocks, bool read_unknown) const {
    const auto unknown = std::find_if(blocks.begin(), blocks.end(), [](const ContentBlock* block) {
      return block->body.unknown;
    });
    if (unknown == blocks.end()) return false;
    if (options_.dynamic_blocks != DynamicBlocks::Check)
      blocks.erase(read_unknown ? unknown + 1 : unknown, blocks.end());
    return true;
  }

  // The first block of a type in the content, and the second if there is one.
  static std::pair<const ContentBlock*, const ContentBlock*> find_block(const Content& content,
                                                                        std::string_view type) {
    const ContentBlock* first = nullptr;
    for (const ContentBlock& candidate : content.blocks) {
      if (candidate.type != type) continue;
      if (first) return {first, &candidate};
      first = &candidate;
    }
    return {first, nullptr};
  }

  void duplicate_block(const std::string& type, const ContentBlock& first,
                       const ContentBlock& second) {
    in_file(second.body, [&] {
      error("Duplicate " + type + " block",
            "Only one block of type \"" + type + "\" is allowed. Previous definition was at " +
                base::format_range(first.body.file.source(), first.def_range) + ".",
            second.def_range);
    });
  }

  void missing_block(const std::string& type, const Content& content) {
    error("Missing " + type + " block", "A block of type \"" + type + "\" is required here.",
          content.missing_item_range);
  }

  Value value_of(const BlockAttrsSpec& attrs, const Content& content) {
    // Not a structured binding: lambdas below use it, which clang before 16 rejects.
    const std::pair<const ContentBlock*, const ContentBlock*> found =
        find_block(content, attrs.type_name);
    const ContentBlock* block = found.first;
    const ContentBlock* other = found.second;
    if (!block) {
      if (attrs.required) missing_block(attrs.type_name, content);
      return Value::null(types::Type::map(attrs.element_type));
    }
    if (other) duplicate_block(attrs.type_name, *block, *other);
    types::Entries entries;
    in_file(block->body, [&] {
      const Attributes attributes = just_attributes(block->body, &diags_);
      for (size_t i = 0; i < attributes.items.size(); ++i) {
        const ContentAttribute& attribute = attributes.items[i];
        // dynblock's JustAttributes gives the attributes as written: no iterator variables.
        types::Converted converted =
            types::convert(attribute.body.unknown ? Value::unknown(types::Type::dynamic())
                                                  : evaluate(attribute, scope_, diags_),
                           attrs.element_type);
        if (!converted.ok()) {
          error("Invalid attribute value",
                "Invalid value for attribute of \"" + attrs.type_name +
                    "\" block: " + converted.error + ".",
                attribute.expression_range,
                base::range_between(attribute.name_range, attribute.expression_range));
          converted.value = Value::unknown(attrs.element_type);
        }
        entries.emplace_back(attributes.names[i], std::move(converted.value));
      }
    });
    return Value::map(attrs.element_type, std::move(entries));
  }

  Value value_of(const TupleSpec& tuple, const Content& content) {
    std::vector<Value> elements;
    for (const SpecPtr& element : tuple.elements) elements.push_back(value_of(*element, content));
    return Value::tuple(std::move(elements));
  }

  Value value_of(const TransformSpec& transform, const Content& content) {
    const size_t errors_before = diags_.size();
    Value nested = value_of(*transform.wrapped, content);
    if (base::has_errors(diags_, errors_before)) return Value::unknown(implied_type(transform));
    eval::Variables variables{{"nested", std::move(nested)}};
    const eval::Scope scope{&variables, nullptr, &spec_definition_scope()};
    const size_t spec_diags_from = diags_.size();
    Value result = eval::evaluate(*transform.tree, transform.result, &scope, diags_);
    for (size_t i = spec_diags_from; i < diags_.size(); ++i)
      diags_[i].file = transform.tree->filename();
    return result;
  }

  Value value_of(const DefaultSpec& fallback, const Content& content) {
    Value value = value_of(*fallback.primary, content);
    if (value.is_null()) value = value_of(*fallback.fallback, content);
    return value;
  }

  Value value_of(const BlockListSpec& list, const Content& content) {
    std::vector<const ContentBlock*> blocks;  // each element's block, for messages
    for (const ContentBlock& child : content.blocks)
      if (child.type == list.type_name) blocks.push_back(&child);
    // hcldec: a block whose body is unknown (dynblock's, for an unknown for_each) makes the
    // whole value unknown once that block is decoded; no block after it is read, nor counted.
    const bool unknown = has_unknown_body(blocks, /*read_unknown=*/true);
    std::vector<Value> elements =
        decode_blocks(blocks, *list.nested, content.releases_blocks).values;
    const types::Type& nested_type = implied_type_of(*list.nested);
    if (unknown)
      return Value::unknown(list.is_set ? types::Type::set(nested_type)
                                        : types::Type::list(nested_type));
    // Where element i's value came from, found only for a message (it reads the body again).
    const auto range = [&](size_t i) {
      return in_file(blocks[i]->body, [&] { return source_range(blocks[i]->body, *list.nested); });
    };
    const auto count = static_cast<int64_t>(elements.size());
    if (count < list.min_items) {
      error("Insufficient " + list.type_name + " blocks",
            "At least " + std::to_string(list.min_items) + " \"" + list.type_name +
                "\" blocks are required.",
            content.missing_item_range);
    } else if (list.max_items > 0 && count > list.max_items) {
      const auto index = static_cast<size_t>(list.max_items);
      in_file(blocks[index]->body, [&] {
        error("Too many " + list.type_name + " blocks",
              "No more than " + std::to_string(list.max_items) + " \"" + list.type_name +
                  "\" blocks are allowed",
              range(index));
      });
    }
    if (elements.empty())
      return list.is_set ? Value::set(nested_type, {}) : Value::list(nested_type, {});
    std::vector<types::Type> element_types;
    for (const Value& element : elements) element_types.push_back(element.type());
    const std::optional<types::Type> unified = types::unify(element_types, true);
    if (!unified) {
      in_file(blocks[0]->body, [&] {
        error("Unconsistent argument types in " + list.type_name + " blocks",
              "Corresponding attributes in all blocks of this type must be the same.", range(0));
      });
      return Value::unknown(types::Type::dynamic());
    }
    for (size_t i = 0; i < elements.size(); ++i) {
      types::Converted converted = types::convert(elements[i], *unified);
      if (!converted.ok()) {
        in_file(blocks[i]->body, [&] {
          error("Unconsistent argument types in " + list.type_name + " blocks",
                "Block with index " + std::to_string(i) +
                    " has inconsistent argument types: " + converted.error + ".",
                range(i));
        });
        return Value::unknown(types::Type::dynamic());
      }
      elements[i] = std::move(converted.value);
    }
    return list.is_set ? Value::set(*unified, std::move(elements))
                       : Value::list(*unified, std::move(elements));
  }

  Value value_of(const BlockMapSpec& map, const Content& content) {
    // Nested maps, one level per label; a leaf holds the decoded body.
    struct Level {
      std::map<std::string, Level> children;
      std::optional<Value> value;
    };
    Level root;
    std::vector<const ContentBlock*> blocks;
    for (const ContentBlock& child : content.blocks)
      if (child.type == map.type_name) blocks.push_back(&child);
    // hcldec: a block whose body is unknown makes the map unknown before that body is read.
    const bool unknown = has_unknown_body(blocks, /*read_unknown=*/false);
    const size_t first_diag = diags_.size();
    DecodedBlocks decoded = decode_blocks(blocks, *map.nested, content.releases_blocks);
    // A duplicate's error follows that block's own diagnostics, as when decoding one by one.
    base::Diagnostics block_diags(std::make_move_iterator(diags_.begin() + first_diag),
                                  std::make_move_iterator(diags_.end()));
    diags_.erase(diags_.begin() + first_diag, diags_.end());
    for (size_t b = 0; b < blocks.size(); ++b) {
      const ContentBlock& child = *blocks[b];
      diags_.insert(
          diags_.end(),
          std::make_move_iterator(block_diags.begin() +
                                  (b == 0 ? 0 : decoded.diag_ends[b - 1] - first_diag)),
          std::make_move_iterator(block_diags.begin() + (decoded.diag_ends[b] - first_diag)));
      if (child.body.unknown) continue;  // read for its diagnostics only, when checking
      Value& value = decoded.values[b];
      Level* target = &root;
      for (size_t i = 0; i + 1 < map.label_names.size(); ++i)
        target = &target->children[child.labels[i]];
      Level& leaf = target->children[child.labels.back()];
      if (leaf.value) {
        std::string labels;
        for (const std::string& label : child.labels) labels += " " + base::go_quote(label);
        in_file(child.body, [&] {
          error("Duplicate " + map.type_name + " block",
                "A block for " + map.type_name + labels + " was already defined. The " +
                    map.type_name + " labels must be unique.",
                child.def_range);
        });
        continue;
      }
      leaf.value = std::move(value);
    }
    const types::Type& nested_type = implied_type_of(*map.nested);
    if (unknown) {
      types::Type type = nested_type;
      for (size_t i = 0; i < map.label_names.size(); ++i) type = types::Type::map(type);
      return Value::unknown(type);
    }
    // The levels are taken apart as the maps are built: keys and values move into them.
    const auto build = [&](const auto& self, Level& level, size_t depth) -> Value {
      types::Type element = nested_type;
      for (size_t i = 1; i < depth; ++i) element = types::Type::map(element);
      types::Entries entries;
      entries.reserve(level.children.size());
      for (auto& [key, child] : level.children)
        entries.emplace_back(key,
                             depth == 1 ? std::move(*child.value) : self(self, child, depth - 1));
      return Value::map(element, std::move(entries));
    };
    return build(build, root, map.label_names.size());
  }

  const base::SourceFile* primary_;  // the first input; others' diagnostics name their file
  // What every evaluation of this decode may iterate in all, and the caller's scope with it.
  eval::IterationBudget budget_;
  eval::Scope budget_scope_;
  // &budget_scope_ (a Decoder is never copied or moved), or the scope of the decoder that
  // split its work with this one.
  const eval::Scope* scope_;
  base::Diagnostics& diags_;
  DecodeOptions options_;
  // The iterations of the bodies dynamic blocks generated (a deque: bodies point to them).
  std::deque<Iteration> iterations_;
  bool may_split_;
  const base::CancellationFlag* cancel_;  // never null: kNeverCancelled stands in
  const DecodeCache* reuse_;
  DecodeCache* produced_;
  // Whether a block body's value is replaced by a stand-in once decoded (see decode with a
  // DecodeCache): set when no diagnostic outside a body can depend on its value.
  bool stand_in_body_values_ = false;
  // native_content's working lists, kept between calls.
  std::vector<NodeId> body_items_;
  std::vector<std::pair<std::string_view, NodeId>> attribute_items_;
  std::vector<std::pair<std::string_view, ContentAttribute>> matched_attributes_;
  std::unordered_map<const Spec*, Schema> schemas_;
  std::unordered_map<const Spec*, types::Type> implied_types_;
  std::unordered_map<const Spec*, ObjectShape> object_shapes_;
};

}  // namespace

std::vector<eval::Traversal> referenced_variables(InputFile input, const Spec& spec) {
  std::vector<eval::Traversal> out;
  base::Diagnostics unused;
  const auto run = [&] {
    Decoder(input.source(), nullptr, unused).variables(Body::of(input), spec, out);
  };
  base::run_on_large_stack(run);
  return out;
}

eval::Variables attribute_values(InputFile input, const eval::Scope* scope,
                                 base::Diagnostics& diags) {
  eval::Variables out;
  const auto run = [&] {
    out = Decoder(input.source(), scope, diags).attribute_values(Body::of(input));
  };
  base::run_on_large_stack(run);
  return out;
}

// A dynamic block's content is decoded once per element of its for_each. Decoding, hcldec
// reports a problem found in each (and says with which element); checking a file, the same
// problem at the same place is one finding.
void drop_repeats(base::Diagnostics& diags, size_t from, DecodeOptions options) {
  if (options.dynamic_blocks != DynamicBlocks::Check) return;
  // Hashed whole: blocks generated by the thousand may differ only in a label in the detail.
  struct Hash {
    size_t operator()(const base::Diagnostic* d) const {
      const std::hash<std::string> text;
      return text(d->summary) ^ (text(d->detail) * 31) ^ (text(d->file) * 131) ^
             ((uint64_t{d->subject.start} << 32 | d->subject.end) * 0x9E3779B97F4A7C15u);
    }
  };
  struct Equal {
    bool operator()(const base::Diagnostic* a, const base::Diagnostic* b) const { return *a == *b; }
  };
  std::unordered_set<const base::Diagnostic*, Hash, Equal> seen;
  std::vector<bool> repeated(diags.size() - from);
  for (size_t i = from; i < diags.size(); ++i) repeated[i - from] = !seen.insert(&diags[i]).second;
  seen.clear();
  size_t kept = from;
  for (size_t i = from; i < diags.size(); ++i)
    if (!repeated[i - from]) {
      if (kept != i) diags[kept] = std::move(diags[i]);
      ++kept;
    }
  diags.erase(diags.begin() + static_cast<ptrdiff_t>(kept), diags.end());
}

Value decode(InputFile input, const Spec& spec, const eval::Scope* scope, base::Diagnostics& diags,
             const base::CancellationFlag* cancel, DecodeOptions options) {
  return decode(std::vector<InputFile>{input}, spec, scope, diags, cancel, options);
}

Value decode(InputFile input, const Spec& spec, const eval::Scope* scope, base::Diagnostics& diags,
             const base::CancellationFlag* cancel, const DecodeCache* reuse, DecodeCache& produced,
             DecodeOptions options) {
  Value result;
  const size_t first_diag = diags.size();
  const auto run = [&] {
    Decoder decoder(input.source(), scope, diags, /*may_split=*/true, cancel, reuse, &produced,
                    options);
    decoder.stand_in_body_values(!body_values_matter(spec));
    result = decoder.decode_body(Body::of(input), spec);
  };
  base::run_on_large_stack(run);
  produced.finish();
  drop_repeats(diags, first_diag, options);
  return result;
}

Value decode(const std::vector<InputFile>& inputs, const Spec& spec, const eval::Scope* scope,
             base::Diagnostics& diags, const base::CancellationFlag* cancel,
             DecodeOptions options) {
  Value result;
  const size_t first_diag = diags.size();
  const auto run = [&] {
    Decoder decoder(inputs.front().source(), scope, diags, /*may_split=*/true, cancel, nullptr,
                    nullptr, options);
    result = inputs.size() == 1 ? decoder.decode_body(Body::of(inputs.front()), spec)
                                : decoder.decode_merged(inputs, spec);
  };
  base::run_on_large_stack(run);
  drop_repeats(diags, first_diag, options);
  return result;
}

}  // namespace hclspec::spec
