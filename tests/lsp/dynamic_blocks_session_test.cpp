// `dynamic` blocks in a session: the client's setting turns them on for diagnostics and the
// editor features, per workspace folder, and a change of it analyses again the open documents
// it concerns.
#include <doctest/doctest.h>

#include <algorithm>

#include "session.hpp"

namespace hclspec::testing {

namespace {

const std::string kNomadSpec = R"(object {
  block_attrs "locals" {
    element_type = any
  }
  block_map "job" {
    labels = ["name"]
    object {
      attr "datacenters" {
        type     = list(string)
        required = true
      }
      block_map "group" {
        labels = ["name"]
        object {
          block "network" {
            object {
              attr "mode" {
                type = string
              }
              # A port the group listens on.
              block_map "port" {
                labels = ["label"]
                object {
                  attr "static" {
                    type = number
                  }
                  attr "to" {
                    type = number
                  }
                }
              }
            }
          }
        }
      }
    }
  }
}
)";

// The Nomad expression guide's example, with `static` misspelled; line 18 is the empty line in
// `network`, line 21 the labels, line 23 the empty line in `content`.
const std::string kJob = R"(locals {
  ports = [
    {
      port_label = "api"
      port       = 80
    },
    {
      port_label = "ui"
      port       = 8080
    },
  ]
}

job "example" {
  datacenters = ["dc1"]
  group "cache" {
    network {
      mode = "host"

      dynamic "port" {
        for_each = local.ports
        labels   = [port.value.port_label]
        content {

          to    = port.value.port
          statc = port.value.port
        }
      }
    }
  }
}
)";

json rules_with(bool dynamic_blocks) {
  return {{"rules", {{{"files", {"*.nomad"}}, {"spec", "specs/job.hcldec"}}}},
          {"dynamicBlocks", dynamic_blocks}};
}

// The codes of the last diagnostics published for `uri`, sorted.
std::vector<std::string> sorted_codes(const Session& session, const std::string& uri) {
  std::vector<std::string> codes = session.published_codes(uri);
  std::sort(codes.begin(), codes.end());
  return codes;
}

// kJob's diagnostics with dynamic blocks read, and without.
const std::vector<std::string> kRead = {"unsupported-argument@25", "variables-not-allowed@20"};
const std::vector<std::string> kUnsupported = {"unsupported-block-type@19"};

bool has(const std::vector<std::string>& codes, const std::string& code) {
  return std::find(codes.begin(), codes.end(), code) != codes.end();
}

std::vector<std::string> completion_labels(Session& session, const std::string& uri, int line,
                                           int character) {
  const json result = session.request(
      "textDocument/completion",
      {{"textDocument", {{"uri", uri}}}, {"position", position(line, character)}})["result"];
  std::vector<std::string> labels;
  for (const json& item : result.is_array() ? result : result["items"])
    labels.push_back(item["label"].get<std::string>());
  return labels;
}

}  // namespace

TEST_CASE("the client's dynamicBlocks setting reads dynamic blocks in diagnostics and completion") {
  TempFolder folder;
  folder.write("specs/job.hcldec", kNomadSpec);
  const std::string uri = folder.uri_of("example.nomad");
  Session session;
  session.initialize({}, folder.uri(), rules_with(true));
  session.open(uri, kJob);
  session.settle();
  // The content is checked as a port's body; `local` is Nomad's, unknown to the spec.
  CHECK(sorted_codes(session, uri) == kRead);

  // Where a port block may go, `dynamic "port"` is offered too; inside `content`, a port's
  // attributes; inside the labels, the iterator's steps.
  const std::vector<std::string> in_network = completion_labels(session, uri, 18, 6);
  CHECK(has(in_network, "port"));
  CHECK(has(in_network, "dynamic \"port\""));
  const std::vector<std::string> in_content = completion_labels(session, uri, 23, 10);
  CHECK(has(in_content, "static"));
  CHECK_FALSE(has(in_content, "to"));  // set already
  const std::vector<std::string> steps = completion_labels(session, uri, 21, 25);
  CHECK(steps == std::vector<std::string>{"key", "value"});

  // Hover on `dynamic` shows the port's documentation; on the iterator, what it holds.
  const json on_dynamic = session.request(
      "textDocument/hover", {{"textDocument", {{"uri", uri}}}, {"position", position(19, 8)}});
  CHECK(on_dynamic["result"]["contents"]["value"].get<std::string>().find(
            "A port the group listens on.") != std::string::npos);
  const json on_iterator = session.request(
      "textDocument/hover", {{"textDocument", {{"uri", uri}}}, {"position", position(24, 19)}});
  CHECK(on_iterator["result"]["contents"]["value"].get<std::string>().starts_with("iterator port"));

  // Turned off by a pushed setting: the document is analysed again, its dynamic block unknown.
  session.take();
  session.notify("workspace/didChangeConfiguration",
                 {{"settings", {{"hclspec", rules_with(false)}}}});
  session.settle();
  CHECK(session.published_codes(uri) == kUnsupported);
  CHECK_FALSE(has(completion_labels(session, uri, 18, 6), "dynamic \"port\""));
}

TEST_CASE("the dynamicBlocks setting pulled from the client, as VS Code gives it") {
  TempFolder folder;
  folder.write("specs/job.hcldec", kNomadSpec);
  const std::string uri = folder.uri_of("example.nomad");
  Session session;
  session.initialize({{"workspace", {{"configuration", true}}}}, folder.uri());
  const json ask = session.take_request("workspace/configuration");
  session.open(uri, kJob);
  session.send(
      {{"jsonrpc", "2.0"}, {"id", ask["id"]}, {"result", json::array({rules_with(true)})}});
  session.settle();
  CHECK(sorted_codes(session, uri) == kRead);
}

TEST_CASE("dynamicBlocks per workspace folder: each folder's pulled value, else the client's") {
  TempFolder on;
  TempFolder off;
  on.write("specs/job.hcldec", kNomadSpec);
  off.write("specs/job.hcldec", kNomadSpec);
  const std::string in_on = on.uri_of("example.nomad");
  const std::string in_off = off.uri_of("example.nomad");
  Session session;
  const json ask = session.initialize_folders({on.uri(), off.uri()}, rules_with(true));

  // Until the pull is answered, both folders follow initializationOptions.
  session.open(in_on, kJob);
  session.open(in_off, kJob);
  session.settle();
  CHECK(sorted_codes(session, in_on) == kRead);
  CHECK(sorted_codes(session, in_off) == kRead);

  // The folders answer differently: a dynamic block is read in the first folder's file and
  // unsupported in the second's (the folder answered last decides nothing for the other). Only
  // the document whose setting changed is analysed again.
  session.send(
      {{"jsonrpc", "2.0"}, {"id", ask["id"]}, {"result", {rules_with(true), rules_with(false)}}});
  session.settle();
  CHECK(session.published(in_on).size() == 1);
  CHECK(sorted_codes(session, in_on) == kRead);
  CHECK(session.published(in_off).size() == 2);
  CHECK(sorted_codes(session, in_off) == kUnsupported);

  // Pulled again: now the first folder turns them off too; the second, unchanged, is not
  // analysed again.
  session.take();
  session.notify("workspace/didChangeConfiguration", {{"settings", json::object()}});
  const json again = session.take_request("workspace/configuration");
  session.send({{"jsonrpc", "2.0"},
                {"id", again["id"]},
                {"result", {rules_with(false), rules_with(false)}}});
  session.settle();
  CHECK(sorted_codes(session, in_on) == kUnsupported);
  CHECK(session.published(in_off).empty());

  // A pushed value replaces what was pulled, in every folder.
  session.take();
  session.notify("workspace/didChangeConfiguration",
                 {{"settings", {{"hclspec", rules_with(true)}}}});
  session.settle();
  CHECK(sorted_codes(session, in_on) == kRead);
  CHECK(sorted_codes(session, in_off) == kRead);
}

TEST_CASE("a folder's pulled dynamicBlocks applies though its rules are malformed") {
  TempFolder folder;
  folder.write("specs/job.hcldec", kNomadSpec);
  const std::string uri = folder.uri_of("example.nomad");
  Session session;
  session.initialize({{"workspace", {{"configuration", true}}}}, folder.uri(), rules_with(false));
  const json ask = session.take_request("workspace/configuration");
  session.open(uri, kJob);
  session.settle();
  CHECK(sorted_codes(session, uri) == kUnsupported);
  session.take();
  json section = rules_with(true);
  section["rules"] = "*.nomad";
  session.send({{"jsonrpc", "2.0"}, {"id", ask["id"]}, {"result", {section}}});
  session.settle();
  // The rules of initializationOptions still give the spec; the folder reads dynamic blocks.
  CHECK(sorted_codes(session, uri) == kRead);
  bool logged = false;
  for (const std::string& message : session.logged())
    logged = logged || message.starts_with("Ignored the hclspec settings' rules");
  CHECK(logged);
}

TEST_CASE("rename a block type that dynamic blocks generate: labels, bare too, and iterators") {
  TempFolder folder;
  folder.write("specs/job.hcldec", kNomadSpec);
  const std::string spec_uri = folder.uri_of("specs/job.hcldec");
  const std::string uri = folder.uri_of("example.nomad");
  // Line 4 the port block, 7 the bare label, 9 and 11 the default iterator; the second dynamic
  // block's iterator is its own.
  const std::string job = R"(job "example" {
  datacenters = ["dc1"]
  group "cache" {
    network {
      port "http" {
        to = 8080
      }
      dynamic port {
        for_each = { admin = 9000 }
        labels   = [port.key]
        content {
          to = port.value
        }
      }
      dynamic "port" {
        for_each = { ui = 8000 }
        iterator = port
        labels   = [port.key]
        content {
          static = port.value
        }
      }
    }
  }
}
)";
  Session session;
  session.initialize({}, folder.uri(), rules_with(true));
  session.open(spec_uri, kNomadSpec);
  session.open(uri, job);
  session.settle();
  CHECK(session.published(uri).back()["diagnostics"].empty());

  // Find references from the port block: the bare label and the default iterator's references.
  json params = {{"textDocument", {{"uri", uri}}},
                 {"position", position(4, 7)},
                 {"context", {{"includeDeclaration", false}}}};
  std::string found;  // "line:character" of each, in order
  const json references = session.request("textDocument/references", params)["result"];
  for (const json& location : references)
    found += std::to_string(location["range"]["start"]["line"].get<int>()) + ":" +
             std::to_string(location["range"]["start"]["character"].get<int>()) + " ";
  CHECK(found == "4:6 7:14 9:20 11:15 14:15 ");

  params.erase("context");
  params["newName"] = "listener";
  const json changes = session.request("textDocument/rename", params)["result"]["changes"];
  REQUIRE(changes.contains(spec_uri));
  REQUIRE(changes.contains(uri));
  const std::string spec = apply_edits(kNomadSpec, changes[spec_uri]);
  CHECK(spec.find("block_map \"listener\" {") != std::string::npos);
  const std::string renamed = apply_edits(job, changes[uri]);
  CHECK(renamed.find("      dynamic listener {\n"
                     "        for_each = { admin = 9000 }\n"
                     "        labels   = [listener.key]\n"
                     "        content {\n"
                     "          to = listener.value\n") != std::string::npos);
  // The explicit iterator keeps its name and its references.
  CHECK(renamed.find("      dynamic \"listener\" {\n"
                     "        for_each = { ui = 8000 }\n"
                     "        iterator = port\n"
                     "        labels   = [port.key]\n") != std::string::npos);

  // Applied, both files still validate.
  session.take();
  session.change(spec_uri, 2, json::array({{{"text", spec}}}));
  session.change(uri, 2, json::array({{{"text", renamed}}}));
  session.settle();
  CHECK(session.published(spec_uri).back()["diagnostics"].empty());
  CHECK(session.published(uri).back()["diagnostics"].empty());

  // A name a `for` inside the dynamic block binds: renamed, `port.value` would read the `for`'s
  // variable. Refused, with the place.
  const std::string bound = apply_edits(
      job, json::array({{{"range", {{"start", position(11, 15)}, {"end", position(11, 25)}}},
                         {"newText", "[for p in [{ value = 1 }] : port.value][0]"}}}));
  session.change(spec_uri, 3, json::array({{{"text", kNomadSpec}}}));
  session.change(uri, 3, json::array({{{"text", bound}}}));
  session.settle();
  params["newName"] = "p";
  const json refused = session.request("textDocument/rename", params);
  REQUIRE(refused.contains("error"));
  CHECK(refused["error"]["message"].get<std::string>().find("example.nomad:12") !=
        std::string::npos);
}

}  // namespace hclspec::testing
