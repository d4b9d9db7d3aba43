// The event loop: Asio reads and writes the pipes, one worker thread runs analyses, and the
// server's state is touched only on the loop's thread.
#include "server/lsp/stdio_loop.hpp"

#include <fcntl.h>
#include <malloc.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>
#include <condition_variable>
#include <csignal>
#include <deque>
#include <fstream>
#include <iostream>
#include <mutex>
#include <optional>
#include <thread>

#include "engine/base/big_stack.hpp"
#include "protocol/framing.hpp"
#include "server/file_access.hpp"
#include "server/lsp/host.hpp"
#include "server/lsp/language_server.hpp"

namespace hclspec::server::lsp {

namespace {

namespace asio = boost::asio;

// Walks over the workspace (a search the user can wait for) run at the lowest priority, so they
// take no core from the analyses of what is being typed nor from the loop. (The analyses keep
// the loop's priority: lowering it did not make the loop's answers measurably faster.)
constexpr int kAnalysisNiceness = 0;
constexpr int kWorkspaceNiceness = 19;

// Runs a lane's jobs one at a time, newest work last. One thread a lane: a second thread for
// analyses would only compete with the decoder's own second thread on a two-core machine.
class Worker {
 public:
  // The jobs run on a large stack, as the engine's recursive work needs: otherwise each parse of
  // a deep file, decode or evaluation would start a thread of its own to get one (in a walk over
  // 3,400 files, most of the time went to creating those threads).
  // `niceness` lowers the lane's priority below the loop's (threads its jobs start inherit it).
  explicit Worker(int niceness)
      : thread_([this, niceness] {
          // Linux: per thread. Failing leaves the default priority, which only costs latency.
          (void)::setpriority(PRIO_PROCESS, static_cast<id_t>(::gettid()), niceness);
          base::call_with_large_stack([this] { run(); });
        }) {}
  ~Worker() {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
      jobs_.clear();
    }
    wake_.notify_one();
    thread_.join();
  }
  void push(std::function<void()> job) {
    {
      std::lock_guard lock(mutex_);
      jobs_.push_back(std::move(job));
    }
    wake_.notify_one();
  }

 private:
  void run() {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock lock(mutex_);
        wake_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
        if (stopping_) return;
        job = std::move(jobs_.front());
        jobs_.pop_front();
      }
      job();
    }
  }

  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> jobs_;
  bool stopping_ = false;
  std::thread thread_;
};

// A reply of megabytes (a large document's semantic tokens) goes through a pipe of 64 KiB, by
// default, in as many round trips through the client's reader, each two context switches:
// 5 MB of semantic tokens took 7 ms to arrive, and 2.4 ms through a pipe of 1 MiB. A process
// may widen a pipe up to /proc/sys/fs/pipe-max-size (1 MiB unless changed); when it can't (not
// a pipe, a lower limit, the user's pipe memory used up) the pipe stays as it is.
void widen_pipe(int fd) {
#if defined(F_SETPIPE_SZ)
  struct stat status {};
  if (::fstat(fd, &status) == 0 && S_ISFIFO(status.st_mode))
    (void)::fcntl(fd, F_SETPIPE_SZ, 1 << 20);
#else
  (void)fd;
#endif
}

class StdioHost final : public Host {
 public:
  StdioHost(const StdioOptions& options)
      : input_(io_), output_(io_), input_fd_(options.input_fd), output_fd_(options.output_fd) {
    if (!options.log_file.empty()) log_file_.open(options.log_file, std::ios::app);
    boost::system::error_code error;
    input_.assign(::dup(options.input_fd), error);
    // A regular file (or /dev/null) cannot be waited on with epoll: read it on a thread.
    if (error) {
      input_.release();
      input_is_pollable_ = false;
    }
    output_.assign(::dup(options.output_fd), error);
    if (error) {
      output_.release();
      output_is_pollable_ = false;
    }
    widen_pipe(options.output_fd);
  }

  int run() {
    server_.emplace(*this, disk_, [this](std::string_view line) { write_log(line); });
    std::optional<std::thread> blocking_reader;
    if (input_is_pollable_)
      read_some();
    else
      blocking_reader.emplace([this] { read_blocking(); });
    io_.run();
    // Only files that cannot be polled are read this way, and reading those never blocks for
    // long, so the thread sees the flag soon.
    stop_reading_ = true;
    if (blocking_reader) blocking_reader->join();
    return status_;
  }

  void send(std::string body) override {
    SharedBody parts;
    parts.head = std::move(body);
    send_shared(std::move(parts));
  }
  void send_shared(SharedBody body) override {
    // The header and the body's parts leave as separate buffers: a large body is not copied
    // behind the header, nor a shared part into the body.
    Outgoing message{protocol::frame_header(body.size()), std::move(body)};
    if (!output_is_pollable_) {
      if (output_failed_) return;
      for (const asio::const_buffer& buffer : message.buffers())
        if (!write_all({static_cast<const char*>(buffer.data()), buffer.size()})) {
          // The rest of the message would follow a short one: nothing more is written.
          output_failed();
          break;
        }
      return;
    }
    outgoing_.push_back(std::move(message));
    if (outgoing_.size() == 1) write_next();
  }
  void run_in_background(std::function<void()> job, Lane lane) override {
    (lane == Lane::Documents ? worker_ : workspace_worker_).push(std::move(job));
  }
  void post(std::function<void()> task) override { asio::post(io_, std::move(task)); }
  void exit(int status) override {
    status_ = status;
    finish();
  }

 private:
  void read_some() {
    input_.async_read_some(asio::buffer(buffer_),
                           [this](boost::system::error_code error, size_t count) {
                             if (error) {
                               end_of_input();
                               return;
                             }
                             take(std::string_view(buffer_.data(), count));
                             read_some();
                           });
  }

  void read_blocking() {
    std::array<char, 65536> chunk{};
    while (!stop_reading_) {
      const ssize_t count = ::read(input_fd_, chunk.data(), chunk.size());
      if (count < 0 && errno == EINTR) continue;
      if (count <= 0) {
        asio::post(io_, [this] { end_of_input(); });
        return;
      }
      asio::post(io_, [this, bytes = std::string(chunk.data(), static_cast<size_t>(count))] {
        take(bytes);
      });
    }
  }

  // Handles every complete message read so far, then lets the server act on the batch.
  void take(std::string_view bytes) {
    if (finished_) return;
    reader_.feed(bytes);
    while (std::optional<protocol::FrameEvent> event = reader_.next()) {
      if (std::string* body = std::get_if<std::string>(&*event))
        server_->handle(std::move(*body));
      else
        server_->framing_error(std::get<protocol::FramingError>(*event).message);
      if (finished_) return;
    }
    server_->end_of_batch();
  }

  void end_of_input() {
    if (finished_) return;
    write_log("The input ended without an exit notification");
    status_ = 1;
    finish();
  }

  void write_next() {
    asio::async_write(output_, outgoing_.front().buffers(),
                      [this](boost::system::error_code error, size_t) {
                        if (error) {
                          output_failed();
                          return;
                        }
                        outgoing_.pop_front();
                        if (!outgoing_.empty())
                          write_next();
                        else if (finished_)
                          io_.stop();
                      });
  }

  // The client is gone: nobody is left to serve.
  void output_failed() {
    output_failed_ = true;
    status_ = 1;
    outgoing_.clear();
    io_.stop();
  }

  bool write_all(std::string_view bytes) {
    while (!bytes.empty()) {
      const ssize_t count = ::write(output_fd_, bytes.data(), bytes.size());
      if (count < 0 && errno == EINTR) continue;
      if (count <= 0) return false;
      bytes.remove_prefix(static_cast<size_t>(count));
    }
    return true;
  }

  // Stops reading; what is queued for the client is still written.
  void finish() {
    finished_ = true;
    boost::system::error_code ignored;
    if (input_is_pollable_) input_.cancel(ignored);
    if (outgoing_.empty()) io_.stop();
  }

  void write_log(std::string_view line) {
    if (log_file_.is_open()) log_file_ << line << std::endl;
  }

  asio::io_context io_;
  asio::posix::stream_descriptor input_;
  asio::posix::stream_descriptor output_;
  int input_fd_;
  int output_fd_;
  bool input_is_pollable_ = true;
  bool output_is_pollable_ = true;
  std::array<char, 65536> buffer_{};
  protocol::MessageReader reader_;
  struct Outgoing {
    std::string header;
    SharedBody body;

    std::array<asio::const_buffer, 4> buffers() const {
      return {asio::buffer(header), asio::buffer(body.head),
              asio::buffer(body.middle.data(), body.middle.size()), asio::buffer(body.tail)};
    }
  };
  std::deque<Outgoing> outgoing_;
  std::ofstream log_file_;
  DiskFileAccess disk_;
  // Declared after everything the worker's jobs use and before the server, so the worker is
  // joined first when the host goes.
  std::optional<LanguageServer> server_;
  Worker worker_{kAnalysisNiceness};
  Worker workspace_worker_{kWorkspaceNiceness};
  bool finished_ = false;
  std::atomic<bool> stop_reading_ = false;
  int status_ = 1;
  bool output_failed_ = false;
};

}  // namespace

int run_stdio_server(const StdioOptions& options) {
  // A client that goes away must not kill us mid-write: the write fails and we stop.
  std::signal(SIGPIPE, SIG_IGN);
  // Memory goes back to the kernel as soon as it is freed: a block of 1 MiB or more (a text, a
  // tree's arrays, a large message) gets a mapping of its own, and the threads share two heaps,
  // so that what one thread freed mostly serves the next allocation of another rather than sit
  // in a heap of its own. Two, not one: a validation decodes on two threads at once, and with
  // one heap they wait for its lock (56 waits in the kernel in one open of the 3.2 MB document;
  // validation's median 32.4 → 29.9 ms with two, 20 runs each, peak memory unchanged). A
  // keystroke no longer allocates large blocks (the document's tree takes over its text and
  // shares its arrays); the few copies left (a text an analysis still reads) fault their pages
  // in, about 1 ms for 3 MB.
  mallopt(M_MMAP_THRESHOLD, 1024 * 1024);
  mallopt(M_ARENA_MAX, 2);
  base::keep_task_threads();
  StdioHost host(options);
  return host.run();
}

}  // namespace hclspec::server::lsp
