// What the client can do (reduced to the server's choices) and what the server advertises.
#pragma once

#include <nlohmann/json.hpp>

#include "protocol/lsp.hpp"

namespace hclspec::server::lsp {

struct ClientOptions;

ClientOptions client_options_from(const protocol::ClientCapabilities& capabilities);

// The `initialize` result: the server's capabilities, built in this one place.
nlohmann::json initialize_result(const ClientOptions& client);

}  // namespace hclspec::server::lsp
