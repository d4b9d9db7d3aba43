// Replacing a file's content so that no failure leaves it damaged (fmt --write, docs -o).
#pragma once

#include <string>
#include <string_view>

namespace hclspec::server {

// Replaces the file at `path` by `content`: the text goes to a new file in the same folder (so
// the rename cannot cross file systems), is flushed to the disk, gets the original's owner, group
// and permissions (set-ID bits included), and is renamed over the original. Refused for a file we
// may not write, one whose owner we cannot give the new file, and one with several hard links
// (a rename would separate them). On any failure the new file is removed and the original is as
// it was. Returns "" or what failed. `path` should be the real path: a symbolic link would be
// replaced by a file.
std::string replace_file(const std::string& path, std::string_view content);

// replace_file, or, when there is no file at `path`, a new one made the same way (a temporary
// file renamed into place, so a reader never sees part of it) with the permissions a new file
// gets (0666 less the umask). For output files (`infer -o`, `docs -o`). Returns "" or what
// failed.
std::string write_file(const std::string& path, std::string_view content);

}  // namespace hclspec::server
