// Writes unicode_tables.inc, the character classes of identifiers and grapheme clusters as
// tables compiled into the engine, from the ICU it is built with (see base/icu.hpp for why).
#include <unicode/uchar.h>
#include <unicode/uversion.h>

#include <cstdio>
#include <functional>
#include <string>

namespace {

// Grapheme_Cluster_Break as hcl's tables (Unicode 13, go-textseg v13) have it: the name of
// unicode.cpp's Gcb value.
const char* grapheme_break_of(UChar32 cp) {
  // A character assigned after Unicode 13 was unassigned then: Other.
  UVersionInfo age;
  u_charAge(cp, age);
  if (age[0] > 13) return "Other";
  // Two Ahom vowel signs whose property Unicode 14 changed from SpacingMark.
  if (cp == 0x11720 || cp == 0x11721) return "SpacingMark";
  switch (u_getIntPropertyValue(cp, UCHAR_GRAPHEME_CLUSTER_BREAK)) {
    case U_GCB_CR:
      return "CR";
    case U_GCB_LF:
      return "LF";
    case U_GCB_CONTROL:
      return "Control";
    case U_GCB_EXTEND:
      return "Extend";
    case U_GCB_ZWJ:
      return "ZWJ";
    case U_GCB_REGIONAL_INDICATOR:
      return "RegionalIndicator";
    case U_GCB_PREPEND:
      return "Prepend";
    case U_GCB_SPACING_MARK:
      return "SpacingMark";
    case U_GCB_L:
      return "L";
    case U_GCB_V:
      return "V";
    case U_GCB_T:
      return "T";
    case U_GCB_LV:
      return "LV";
    case U_GCB_LVT:
      return "LVT";
    default:
      return "Other";
  }
}

constexpr UChar32 kFirst = 0x80;  // ASCII is answered without tables
constexpr UChar32 kEnd = 0x110000;

// The code points from kFirst on where `has` turns on or off: a code point has the property
// when an odd number of them are at or below it.
void write_edges(std::FILE* out, const char* name, const std::function<bool(UChar32)>& has) {
  std::fprintf(out, "inline constexpr uint32_t %s[] = {", name);
  bool inside = false;
  int written = 0;
  for (UChar32 cp = kFirst; cp < kEnd; ++cp) {
    if (has(cp) == inside) continue;
    inside = !inside;
    std::fprintf(out, "%s0x%X,", written++ % 8 == 0 ? "\n    " : " ", static_cast<unsigned>(cp));
  }
  if (inside)
    std::fprintf(out, " 0x%X,", static_cast<unsigned>(kEnd));  // none has code points beyond
  std::fprintf(out, "\n};\n");
}

// Runs of one grapheme break class: where each starts, and its class.
void write_grapheme_breaks(std::FILE* out) {
  std::string starts, classes;
  std::string previous;
  int runs = 0;
  for (UChar32 cp = kFirst; cp < kEnd; ++cp) {
    const std::string gcb = grapheme_break_of(cp);
    if (gcb == previous) continue;
    previous = gcb;
    const char* separator = runs++ % 8 == 0 ? "\n    " : " ";
    char start[16];
    std::snprintf(start, sizeof start, "0x%X,", static_cast<unsigned>(cp));
    starts += separator + std::string(start);
    classes += separator + ("Gcb::" + gcb) + ",";
  }
  std::fprintf(out, "inline constexpr uint32_t kGraphemeBreakStarts[] = {%s\n};\n", starts.c_str());
  std::fprintf(out, "inline constexpr Gcb kGraphemeBreaks[] = {%s\n};\n", classes.c_str());
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: unicode_tables_gen OUTPUT\n");
    return 1;
  }
  std::FILE* out = std::fopen(argv[1], "w");
  if (out == nullptr) {
    std::perror(argv[1]);
    return 1;
  }
  std::fprintf(out, "// Made by unicode_tables_gen from ICU %s (Unicode %s): do not edit.\n",
               U_ICU_VERSION, U_UNICODE_VERSION);
  write_edges(out, "kIdStartEdges",
              [](UChar32 cp) { return u_hasBinaryProperty(cp, UCHAR_ID_START); });
  write_edges(out, "kIdContinueEdges",
              [](UChar32 cp) { return u_hasBinaryProperty(cp, UCHAR_ID_CONTINUE); });
  write_edges(out, "kExtendedPictographicEdges",
              [](UChar32 cp) { return u_hasBinaryProperty(cp, UCHAR_EXTENDED_PICTOGRAPHIC); });
  write_grapheme_breaks(out);
  return std::fclose(out) == 0 ? 0 : 1;
}
