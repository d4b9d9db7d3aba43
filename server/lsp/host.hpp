// What the language server needs from its surroundings: sending messages, background work, exit.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace hclspec::server::lsp {

// Where background work runs. Walks over the workspace's files (find references, workspace
// symbols) may take seconds on a large repository: they have a lane of their own, so the
// diagnostics of the next keystroke never wait behind one.
enum class Lane { Documents, Workspace };

// A message body in three parts: the middle one is text the server's state holds (a document's
// semantic tokens as the client holds them, megabytes long), written out without a copy.
struct SharedBody {
  std::string head;
  std::string_view middle;  // held alive by `middle_owner`
  std::shared_ptr<const void> middle_owner;
  std::string tail;

  size_t size() const { return head.size() + middle.size() + tail.size(); }
  std::string joined() const {
    std::string whole;
    whole.reserve(size());
    whole += head;
    whole += middle;
    whole += tail;
    return whole;
  }
};

// The language server's state lives on one thread; everything that reaches outside it goes
// through a Host. The stdio loop implements it with Asio and a worker thread; session tests
// implement it in one thread, running background work only when the test says so, which makes
// every interleaving (an edit arriving while an analysis runs) reproducible.
class Host {
 public:
  virtual ~Host() = default;
  // Sends one JSON-RPC message body (the host frames it).
  virtual void send(std::string body) = 0;
  // The same for a body in parts; a host that can write them one after the other need not
  // join them.
  virtual void send_shared(SharedBody body) { send(body.joined()); }
  // Runs `job` away from the state's thread, after the jobs queued before it in its lane; the job
  // reports back through `post`.
  virtual void run_in_background(std::function<void()> job, Lane lane) = 0;
  // Runs `task` on the state's thread (from any thread), after what is being handled now.
  virtual void post(std::function<void()> task) = 0;
  // The client sent `exit`: stop serving with this process exit status.
  virtual void exit(int status) = 0;
};

}  // namespace hclspec::server::lsp
