// What the language server needs from its surroundings: sending messages, background work, exit.
#pragma once

#include <functional>
#include <string>

namespace hclspec::server::lsp {

// The language server's state lives on one thread; everything that reaches outside it goes
// through a Host. The stdio loop implements it with Asio and a worker thread; session tests
// implement it in one thread, running background work only when the test says so, which makes
// every interleaving (an edit arriving while an analysis runs) reproducible.
class Host {
 public:
  virtual ~Host() = default;
  // Sends one JSON-RPC message body (the host frames it).
  virtual void send(std::string body) = 0;
  // Runs `job` away from the state's thread; the job reports back through `post`.
  virtual void run_in_background(std::function<void()> job) = 0;
  // Runs `task` on the state's thread (from any thread), after what is being handled now.
  virtual void post(std::function<void()> task) = 0;
  // The client sent `exit`: stop serving with this process exit status.
  virtual void exit(int status) = 0;
};

}  // namespace hclspec::server::lsp
