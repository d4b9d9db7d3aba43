;;; hclspec-test.el --- hclspec.el and Eglot driving a server, in batch -*- lexical-binding: t; -*-

;; Run by run_emacs_test.py:
;;   emacs --batch -l hclspec-test.el
;; with, in the environment,
;;   HCLSPEC_TEST_LISP       the folder holding hclspec.el (compiled or not)
;;   HCLSPEC_TEST_WORKSPACE  a copy of workspace/ that the test may edit
;;   HCLSPEC_TEST_SERVER     the server command, a JSON array of strings
;;   HCLSPEC_TEST_TIMEOUT    seconds to wait for each of the server's answers
;;   HCLSPEC_TEST_PRELOAD    optional: a file to load first, as package.el loads the autoloads
;;                           of the user's packages (the runner's stand-in for hcl-mode)
;;
;; It uses the package as a user would: load hclspec.el, set `hclspec-server-command',
;; `hclspec-rules' and `hclspec-dynamic-blocks', visit files, start Eglot, then read what Flymake,
;; completion-at-point and ElDoc show.  jobs/web.hcl gets its spec from the workspace's
;; .hclspec.hcl, services/api.hcl and services/ports.hcl from `hclspec-rules'.  Each check
;; prints "ok - ..." or "not ok - ..."; the exit status is 1 when any check failed.

;;; Code:

(require 'cl-lib)
(require 'subr-x)

;; Batch Emacs does not activate installed packages (Debian's elpa-eglot among them).
(package-initialize)
(when-let ((preload (getenv "HCLSPEC_TEST_PRELOAD")))
  (load preload nil t))

(defvar hclspec-test--failures 0)
(defvar hclspec-test--server nil "The Eglot server, once started.")
(defvar hclspec-test--timeout
  (string-to-number (or (getenv "HCLSPEC_TEST_TIMEOUT") "10")))
(defvar hclspec-test--workspace
  (file-name-as-directory (expand-file-name (getenv "HCLSPEC_TEST_WORKSPACE"))))

(defun hclspec-test--check (ok what &optional detail)
  "Print OK's verdict on WHAT, with DETAIL when it failed; return OK."
  (if ok
      (message "ok - %s" what)
    (cl-incf hclspec-test--failures)
    (message "not ok - %s%s" what (if detail (format "\n    %s" detail) "")))
  ok)

(defun hclspec-test--finish ()
  "Print the server's last messages when something failed, then exit."
  (when (> hclspec-test--failures 0)
    (when hclspec-test--server
      (ignore-errors
        (with-current-buffer (jsonrpc-events-buffer hclspec-test--server)
          (message "--- the end of Eglot's events buffer:\n%s"
                   (buffer-substring-no-properties
                    (max (point-min) (- (point-max) 3000)) (point-max)))))))
  (message "%s" (if (> hclspec-test--failures 0)
                    (format "FAILED: %d check(s)" hclspec-test--failures)
                  "PASSED"))
  (kill-emacs (if (> hclspec-test--failures 0) 1 0)))

(defun hclspec-test--wait (predicate)
  "Wait until PREDICATE returns non-nil, at most `hclspec-test--timeout' seconds.
Return its last value.  Waiting reads the server's output and runs timers."
  (let ((deadline (+ (float-time) hclspec-test--timeout))
        value)
    (while (and (not (setq value (funcall predicate)))
                (< (float-time) deadline))
      (accept-process-output nil 0.05))
    value))

(defun hclspec-test--pause ()
  "Run the idle timers, as Emacs does when the user stops typing.
Batch Emacs never waits for keyboard input, so it is never idle:
without this, Eglot would not send the edits (it sends them once
`eglot-send-changes-idle-time' has passed without typing) and
Flymake would not start a new check."
  (dolist (timer (copy-sequence timer-idle-list))
    (timer-event-handler timer)))

(defun hclspec-test--visit (relative)
  "Visit RELATIVE in the workspace, in the selected window as a user would."
  (find-file (expand-file-name relative hclspec-test--workspace))
  (current-buffer))

(defun hclspec-test--goto (line text)
  "Go to the start of TEXT's first occurrence on line LINE."
  (goto-char (point-min))
  (forward-line (1- line))
  (search-forward text (line-end-position))
  (goto-char (match-beginning 0)))

;;;; What the user sees

(defun hclspec-test--diagnostics ()
  "Flymake's diagnostics in the current buffer, as sorted strings.
Each is \"LINE:COLUMN CODE TEXT\": the 1-based line and character
column where the diagnostic begins, the code Eglot shows in
brackets and the text it covers, so that a range counted in the
wrong units shows."
  (sort
   (mapcar (lambda (diagnostic)
             (let ((beg (flymake-diagnostic-beg diagnostic))
                   (end (flymake-diagnostic-end diagnostic))
                   (message (flymake-diagnostic-text diagnostic)))
               (save-excursion
                 (goto-char beg)
                 (format "%d:%d %s %S"
                         (line-number-at-pos) (1+ (- beg (line-beginning-position)))
                         (if (string-match "\\[\\([a-z-]+\\)\\]" message)
                             (match-string 1 message)
                           message)
                         (buffer-substring-no-properties beg end)))))
           (flymake-diagnostics))
   (lambda (a b)
     (let ((pa (mapcar #'string-to-number (split-string (car (split-string a " ")) ":")))
           (pb (mapcar #'string-to-number (split-string (car (split-string b " ")) ":"))))
       (or (< (car pa) (car pb))
           (and (= (car pa) (car pb)) (< (cadr pa) (cadr pb))))))))

(defun hclspec-test--expect-diagnostics (what expected)
  "Check that the current buffer's diagnostics come to be EXPECTED."
  (let ((seen (hclspec-test--wait
               (lambda ()
                 (let ((now (hclspec-test--diagnostics)))
                   (and (equal now expected) now))))))
    (hclspec-test--check
     seen what
     (format "expected %S\n    got      %S" expected (hclspec-test--diagnostics)))))

(defun hclspec-test--completions ()
  "The candidates that `completion-at-point' would offer at point."
  (let ((capf (run-hook-wrapped 'completion-at-point-functions
                                (lambda (fn) (and (functionp fn) (funcall fn))))))
    (when capf
      (let ((beg (nth 0 capf)) (end (nth 1 capf)) (table (nth 2 capf)))
        (all-completions (buffer-substring-no-properties beg end) table)))))

(defun hclspec-test--hover ()
  "The documentation that ElDoc shows for point, or nil."
  (let (shown)
    ;; Instead of the echo area: keep what ElDoc would display.
    ;; ElDoc may display before every source answered (signature help has nothing here).
    (setq-local eldoc-display-functions
                (list (lambda (docs _interactive)
                        (when docs (setq shown (mapconcat #'car docs "\n"))))))
    (eldoc-print-current-symbol-info t)
    (hclspec-test--wait (lambda () shown))))

;; The names in an imenu index, nested entries included.
(defun hclspec-test--imenu-names (index)
  "Every name in the imenu INDEX, depth first."
  (mapcan (lambda (entry)
            (cons (car entry)
                  (and (consp (cdr entry)) (listp (cdr entry))
                       (not (markerp (cdr entry))) (not (numberp (cdr entry)))
                       (hclspec-test--imenu-names (cdr entry)))))
          index))

;;;; The scenario

(add-to-list 'load-path (getenv "HCLSPEC_TEST_LISP"))
(unless (require 'eglot nil t)
  (hclspec-test--check nil "Eglot is installed (apt-get install elpa-eglot)")
  (hclspec-test--finish))
(require 'hclspec)
(message "Emacs %s, Eglot %s, hclspec.el from %s" emacs-version
         (or (ignore-errors (package-version-join
                             (package-desc-version (cadr (assq (quote eglot) package-alist)))))
             "built in")
         (locate-library "hclspec"))

;; The major mode, on its own.  A system-wide hcl-mode takes general HCL files.
(defconst hclspec-test--hcl-mode
  (if (or (fboundp 'hcl-mode) (locate-library "hcl-mode")) 'hcl-mode 'hclspec-hcl-mode)
  "The mode that *.hcl files open in.")
(dolist (case `(("specs/job.hcldec" hclspec-hcl-mode)
                (".hclspec.hcl" hclspec-hcl-mode)
                ("ci.hclspec.hcl" hclspec-hcl-mode)
                ("job.nomad" hclspec-hcl-mode ,hclspec-test--hcl-mode)
                ("main.hcl" ,hclspec-test--hcl-mode)))
  (let ((mode (assoc-default (car case) auto-mode-alist #'string-match)))
    (hclspec-test--check (memq mode (cdr case))
                         (format "%s opens in %s" (car case)
                                 (mapconcat #'symbol-name
                                            (delete-dups (copy-sequence (cdr case)))
                                            " or "))
                         mode)))

(defconst hclspec-test--indented "\
# Indentation follows the depth of braces and brackets.
job \"web\" {
  tags = [
    \"a\",
  ]
  config = merge({
    port = 8080
  }, {})
  script = <<-EOF
      keep   this
  EOF
  /* a comment
        keeps its own layout */
}
"
  "A file as `hclspec-hcl-mode' indents it.")

(with-temp-buffer
  (hclspec-hcl-mode)
  ;; Every line flush left, except inside the heredoc and the comment.
  (insert (replace-regexp-in-string "^ +\\([^ k]\\)" "\\1" hclspec-test--indented))
  (indent-region (point-min) (point-max))
  (hclspec-test--check (equal (buffer-string) hclspec-test--indented)
                       "indent-region indents by brace depth, leaves heredocs and comments"
                       (buffer-string))

  (erase-buffer)
  (insert "resource \"aws_s3\" \"logs\" {\n"
          "  count = 42 # two\n"
          "  on = true\n"
          "  name = \"${var.x} is # not a comment\"\n"
          "  list = [for s in var.l : upper(s) if s != null]\n"
          "  doc = <<EOF\n\"quoted\" # text\nEOF\n"
          "}\n")
  (font-lock-ensure)
  (let ((face-at (lambda (text &optional offset)
                   (goto-char (point-min))
                   (search-forward text)
                   (let ((face (get-text-property
                                (+ (match-beginning 0) (or offset 0)) 'face)))
                     (if (listp face) (car face) face)))))
    (dolist (expect '(("resource" font-lock-type-face)
                      ("\"logs\"" font-lock-function-name-face)
                      ("count" font-lock-variable-name-face)
                      ("42" font-lock-constant-face)
                      ("# two" font-lock-comment-delimiter-face)
                      ("true" font-lock-constant-face)
                      ("var.x" font-lock-variable-name-face)
                      ("# not" font-lock-string-face)
                      ("for" font-lock-keyword-face)
                      ("upper" font-lock-builtin-face)
                      ("null" font-lock-constant-face)
                      ("# text" font-lock-string-face)))
      (let ((face (funcall face-at (car expect))))
        (hclspec-test--check (eq face (cadr expect))
                             (format "font-lock: %s is %s" (car expect) (cadr expect))
                             face))))

  (erase-buffer)
  (insert "a = 1\n")
  (comment-region (point-min) (point-max))
  (hclspec-test--check (equal (buffer-string) "# a = 1\n") "comment-region writes # comments"
                       (buffer-string))
  (uncomment-region (point-min) (point-max))
  (hclspec-test--check (equal (buffer-string) "a = 1\n") "uncomment-region removes them"
                       (buffer-string)))

(setq hclspec-server-command (json-parse-string (getenv "HCLSPEC_TEST_SERVER")
                                                :array-type 'list))
(setq hclspec-rules '(("services/*.hcl" . "specs/service.hcldec")))
(setq hclspec-dynamic-blocks t)
;; Wait for `initialize' instead of continuing in the background, and give up in time.
(setq eglot-sync-connect t
      eglot-connect-timeout hclspec-test--timeout
      eglot-autoreconnect nil)
;; The copy in a temporary folder is no version-controlled project, which is what a user's
;; checkout would be: make the workspace Eglot's project, as Git would.
(add-hook 'project-find-functions
          (lambda (dir)
            (when (string-prefix-p hclspec-test--workspace (file-name-as-directory
                                                            (expand-file-name dir)))
              (cons 'transient hclspec-test--workspace))))

;; What Eglot sends, to see that `hclspec-rules' and `hclspec-dynamic-blocks' go both ways: in
;; `initialize' and in the answer to the server's `workspace/configuration' request.
(defvar hclspec-test--sent nil)
(advice-add 'jsonrpc-connection-send :before
            (lambda (_connection &rest message) (push message hclspec-test--sent)))

(defun hclspec-test--sent (method)
  "The messages Eglot sent with METHOD, or with a result when METHOD is nil."
  (cl-remove-if-not
   (lambda (message)
     (let ((sent (plist-get message :method)))
       (if method
           (and sent (equal (string-remove-prefix ":" (format "%s" sent)) method))
         (plist-member message :result))))
   hclspec-test--sent))

(defconst hclspec-test--service-rules
  '(:dynamicBlocks t :rules [(:files ["services/*.hcl"] :spec "specs/service.hcldec")])
  "The `hclspec' settings for the test's `hclspec-rules' and `hclspec-dynamic-blocks'.")

;; jobs/web.hcl: the project's .hclspec.hcl rule, the Eglot start.
(with-current-buffer (hclspec-test--visit "jobs/web.hcl")
  (hclspec-test--check (eq major-mode hclspec-test--hcl-mode)
                       (format "jobs/web.hcl is visited in %s" hclspec-test--hcl-mode)
                       major-mode)
  (condition-case err
      (setq hclspec-test--server (apply #'eglot (eglot--guess-contact)))
    (error (message "Eglot: %s" (error-message-string err))))
  (unless (hclspec-test--check (and hclspec-test--server (eglot-managed-p))
                               "Eglot starts the server and it answers initialize")
    (message "    (no point in going on without a server)")
    (hclspec-test--finish))
  (hclspec-test--check (cl-typep hclspec-test--server 'hclspec-eglot-server)
                       "the server is an hclspec-eglot-server, which knows hclspec-rules"
                       (type-of hclspec-test--server))
  (flymake-start)
  (hclspec-test--expect-diagnostics
   (concat "jobs/web.hcl: diagnostics from the .hclspec.hcl rule, at the right lines and"
           " columns, also after non-ASCII text (é ☕ 🚀)")
   '("3:9 incorrect-attribute-value-type \"\\\"two\\\"\""
     "4:1 missing-required-argument \"task \\\"café ☕ 🚀\\\"\""
     "4:19 unsupported-argument \"drver\""))

  (hclspec-test--goto 7 "")
  (let ((candidates (hclspec-test--completions)))
    (hclspec-test--check (member "image" candidates)
                         "jobs/web.hcl: completion inside a task block offers the spec's \"image\""
                         candidates))
  (hclspec-test--goto 2 "name")
  (let ((hover (hclspec-test--hover)))
    (hclspec-test--check (and hover (string-match-p "string" hover)
                              (string-match-p "The job's name, shown in listings" hover))
                         "jobs/web.hcl: hover on name shows its type and description"
                         hover)))

;; services/api.hcl: `hclspec-rules', the same server.
(with-current-buffer (hclspec-test--visit "services/api.hcl")
  (hclspec-test--check (eq (eglot-current-server) hclspec-test--server)
                       "services/api.hcl: the running server takes it on")
  (let ((options (mapcar (lambda (message)
                           (plist-get (plist-get message :params) :initializationOptions))
                         (hclspec-test--sent "initialize"))))
    (hclspec-test--check (equal options (list hclspec-test--service-rules))
                         "hclspec-rules and hclspec-dynamic-blocks are sent as initializationOptions"
                         options))
  (let ((answers (mapcar (lambda (message) (plist-get message :result))
                         (hclspec-test--sent nil))))
    (hclspec-test--check (member (vector hclspec-test--service-rules) answers)
                         "hclspec-rules and hclspec-dynamic-blocks answer workspace/configuration"
                         answers))
  (flymake-start)
  (hclspec-test--expect-diagnostics
   "services/api.hcl: diagnostics from hclspec-rules"
   '("3:8 incorrect-attribute-value-type \"\\\"eighty\\\"\""))
  (hclspec-test--goto 4 "")
  (let ((candidates (hclspec-test--completions)))
    (hclspec-test--check (member "check" candidates)
                         "services/api.hcl: completion offers the spec's block check"
                         candidates))
  (hclspec-test--goto 3 "port")
  (let ((hover (hclspec-test--hover)))
    (hclspec-test--check (and hover (string-match-p "number" hover)
                              (string-match-p "The TCP port the service listens on" hover))
                         "services/api.hcl: hover on port shows its type and description"
                         hover)))

;; services/ports.hcl: `hclspec-dynamic-blocks' reads its dynamic block as a check block; turned
;; off through Customize, the running server reports the block as unsupported.
(with-current-buffer (hclspec-test--visit "services/ports.hcl")
  (hclspec-test--check (eq (eglot-current-server) hclspec-test--server)
                       "services/ports.hcl: the running server takes it on")
  (flymake-start)
  (hclspec-test--expect-diagnostics
   "services/ports.hcl: hclspec-dynamic-blocks checks the content as a check block's body"
   '("8:5 unsupported-argument \"timeout\""))
  (customize-set-variable 'hclspec-dynamic-blocks nil)
  (hclspec-test--expect-diagnostics
   "services/ports.hcl: customizing hclspec-dynamic-blocks off rechecks it"
   '("4:1 unsupported-block-type \"dynamic\"")))

;; Edits: Eglot sends them as incremental changes in UTF-16 units; one lands after the 🚀.
(with-current-buffer (get-file-buffer (expand-file-name "jobs/web.hcl" hclspec-test--workspace))
  (hclspec-test--goto 3 "\"two\"")
  (delete-region (point) (+ (point) 5))
  (insert "2")
  (hclspec-test--goto 4 "drver")
  (delete-region (point) (+ (point) 5))
  (insert "imag")
  (hclspec-test--pause)
  (hclspec-test--expect-diagnostics
   "jobs/web.hcl: edits update the diagnostics (one fixed, one moved after the 🚀)"
   '("4:1 missing-required-argument \"task \\\"café ☕ 🚀\\\"\""
     "4:19 unsupported-argument \"imag\"")))

;; Formatting with Eglot's own command: the buffer becomes what `hclspec fmt' prints, with
;; non-ASCII text (UTF-16 columns) before the edits.
(with-current-buffer (hclspec-test--visit "format/ugly.hcl")
  (hclspec-test--check (eq (eglot-current-server) hclspec-test--server)
                       "format/ugly.hcl: the running server takes it on")
  (eglot-format-buffer)
  (let ((expected (concat "name = \"é😀\" # first\n"
                          "block \"x\" {\n"
                          "  inner = { a = 1, b = [1, 2] }\n"
                          "  ñé    = 1\n"
                          "}\n")))
    (hclspec-test--check (equal (buffer-string) expected)
                         "format/ugly.hcl: eglot-format-buffer formats it as hclspec fmt does"
                         (buffer-string))))

;; The outline: Eglot builds imenu's index from the server's document symbols.
(with-current-buffer (get-file-buffer (expand-file-name "jobs/web.hcl" hclspec-test--workspace))
  (let ((names (hclspec-test--imenu-names (funcall imenu-create-index-function))))
    (hclspec-test--check (and (member "task \"api\"" names) (member "driver" names)
                              (member "name" names))
                         "jobs/web.hcl: imenu lists the blocks and attributes (documentSymbol)"
                         names)))

;; Changing `hclspec-rules' through Customize reaches the running server.
(customize-set-variable 'hclspec-rules '(("services/*.hcl" . "specs/job.hcldec")))
(with-current-buffer (get-file-buffer (expand-file-name "services/api.hcl"
                                                        hclspec-test--workspace))
  (hclspec-test--expect-diagnostics
   "services/api.hcl: customizing hclspec-rules rechecks it against the new spec"
   `(,(concat "1:1 missing-required-argument \"# A service, checked against "
              "specs/service.hcldec by the editor's hclspec-rules.\"")
     "2:1 unsupported-argument \"host\""
     "3:1 unsupported-argument \"port\"")))

(let ((process (jsonrpc--process hclspec-test--server)))
  (eglot-shutdown hclspec-test--server nil nil t)
  (hclspec-test--check (hclspec-test--wait (lambda () (not (process-live-p process))))
                       "eglot-shutdown ends the server"))

(hclspec-test--finish)

;;; hclspec-test.el ends here
