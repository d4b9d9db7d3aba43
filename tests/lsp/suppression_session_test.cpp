// Suppression comments in a session: the server publishes what they leave, and follows edits to
// them.
#include <doctest/doctest.h>

#include "session.hpp"

namespace hclspec::testing {

namespace {

const std::string kJobSpec = R"(object {
  attr "name" {
    type     = string
    required = true
  }
  attr "count" { type = number }
}
)";

}  // namespace

TEST_CASE("the server leaves out what suppression comments silence, and follows edits to them") {
  TempFolder folder;
  folder.write("job.hcldec", kJobSpec);
  const std::string text =
      "# hclspec: job.hcldec\n"
      "name = \"web\"\n"
      "# hclspec-ignore: unsupported-argument\n"
      "colour = \"blue\"\n"
      "count = \"many\"\n"
      "owner = \"me\" // hclspec-ignore: unsupported-argument\n"
      "shape = \"round\"\n";
  const std::string uri = folder.uri_of("a.hcl");
  Session session;
  session.initialize({}, folder.uri());
  session.open(uri, text);
  session.settle();
  CHECK(session.published_codes(uri) ==
        std::vector<std::string>{"unsupported-argument@6", "incorrect-attribute-value-type@4"});

  // The comment on line 2 loses its code's last letter: its diagnostic comes back, and the
  // misspelt code gets a warning.
  session.take();
  session.change(uri, 2, json::array({range_change(2, 37, 2, 38, "")}));
  session.settle();
  CHECK(session.published_codes(uri) ==
        std::vector<std::string>{"unsupported-argument@3", "unsupported-argument@6",
                                 "incorrect-attribute-value-type@4", "unknown-ignore-code@2"});
  const json warning = session.published(uri).back()["diagnostics"][3];
  CHECK(warning["severity"] == 2);
  CHECK(warning["range"]["start"] == position(2, 18));
  CHECK(warning["message"].get<std::string>().find("Did you mean \"unsupported-argument\"?") !=
        std::string::npos);

  // A file-level comment silences the rest.
  session.take();
  session.change(uri, 3,
                 json::array({range_change(7, 0, 7, 0, "/* hclspec-ignore-file: all */\n")}));
  session.settle();
  CHECK(session.published_codes(uri).empty());
}

}  // namespace hclspec::testing
