;;; hclspec.el --- HCL checked against hcldec specs -*- lexical-binding: t; -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "27.1") (eglot "1.9"))
;; Keywords: languages, tools

;; This file is not part of GNU Emacs.

;;; Commentary:

;; `hclspec serve' is a language server for HCL files (Nomad jobs,
;; Terraform, any tool's configuration): it checks each file against
;; the hcldec spec that applies to it, and offers completion and hover
;; from that spec.  This package connects it to Emacs through Eglot:
;;
;; - `hclspec-hcl-mode', a small major mode for HCL and hcldec spec
;;   files (comments, strings, heredocs, highlighting, indentation by
;;   brace depth), for `*.hcldec', `*.nomad' and `.hclspec.hcl' files,
;;   and for `*.hcl' files unless `hcl-mode' is installed;
;; - an `eglot-server-programs' entry that runs `hclspec-server-command'
;;   for `hclspec-hcl-mode', `hcl-mode' and `terraform-mode' buffers;
;; - `hclspec-rules', which files are checked against which spec, and
;;   `hclspec-dynamic-blocks', whether they read `dynamic' blocks, sent
;;   to the server as initialization options and as the `hclspec'
;;   section of the workspace configuration.
;;
;; Setup:
;;
;;   (add-to-list 'load-path "/path/to/hclspec/editors/emacs")
;;   (require 'hclspec)
;;   (add-hook 'hclspec-hcl-mode-hook #'eglot-ensure)
;;   (setq hclspec-rules '(("jobs/**/*.hcl" . "specs/job.hcldec")))
;;
;; A file's `# hclspec: SPEC' modeline and the rules of the project's
;; `.hclspec.hcl' file come before `hclspec-rules'; see the README's
;; "Which spec applies".

;;; Code:

(require 'cl-lib)
(require 'eglot)

(defgroup hclspec nil
  "HCL files checked against hcldec specs by the hclspec language server."
  :group 'languages
  :prefix "hclspec-")

;;;; The major mode

(defcustom hclspec-indent-offset 2
  "Columns added to the indentation for each open brace or bracket."
  :type 'integer
  :safe #'integerp)

(defconst hclspec--identifier "[[:alpha:]_][[:alnum:]_-]*"
  "An HCL identifier: unlike most languages', it may contain dashes.")

(defvar hclspec-hcl-mode-syntax-table
  (let ((table (make-syntax-table)))
    ;; `#' and `//' comments run to the end of the line (style b),
    ;; `/* */' is style a, as in `c++-mode'.
    (modify-syntax-entry ?# "< b" table)
    (modify-syntax-entry ?/ ". 124b" table)
    (modify-syntax-entry ?* ". 23" table)
    (modify-syntax-entry ?\n "> b" table)
    (modify-syntax-entry ?\" "\"" table)
    (modify-syntax-entry ?\\ "\\" table)
    ;; HCL has no single-quoted strings, and the standard table makes
    ;; most operators symbol constituents, which would glue `a+b' into
    ;; one symbol.
    (dolist (char '(?' ?+ ?- ?= ?< ?> ?& ?| ?! ?% ?? ?: ?$ ?. ?,))
      (modify-syntax-entry char "." table))
    (modify-syntax-entry ?_ "_" table)
    table)
  "Syntax table of `hclspec-hcl-mode'.")

;; Heredocs (`<<EOF' ... `EOF', `<<-EOF') may hold quotes and `#', so
;; their text is marked as one string between two generic string
;; fences: the newline that ends the opening line and the newline
;; before the closing marker, a line that holds only the marker and
;; spaces (as HCL reads it).
(defconst hclspec--heredoc-start
  (concat "<<-?\\(" hclspec--identifier "\\)\r?$")
  "The opening of a heredoc, its marker as group 1.")

(defun hclspec--heredoc-end (open marker)
  "Where the heredoc that opens at OPEN and ends with MARKER ends.
That is the newline before the closing marker's line, or nil when
the heredoc is not closed."
  (save-excursion
    (goto-char open)
    (and (re-search-forward
          (concat "^[ \t]*" (regexp-quote marker) "[ \t\r]*$") nil t)
         (1- (line-beginning-position)))))

(defun hclspec--syntax-propertize (start end)
  "Mark the heredocs that begin between START and END as strings."
  (goto-char start)
  (while (re-search-forward hclspec--heredoc-start end t)
    (let* ((from (match-beginning 0))
           (open (match-end 0))
           (close (hclspec--heredoc-end open (match-string-no-properties 1)))
           (fence (string-to-syntax "|")))
      ;; `<<' inside a string or comment begins nothing, nor one on the
      ;; last line, with no newline after it.
      (unless (or (>= open (point-max))
                  (nth 8 (save-excursion (syntax-ppss from))))
        ;; An empty heredoc has one newline for both fences: no string.
        (when (or (null close) (> close open))
          (put-text-property open (1+ open) 'syntax-table fence)
          (when close
            (put-text-property close (1+ close) 'syntax-table fence)))
        ;; An edit anywhere inside must re-examine the whole heredoc.
        (put-text-property from (if close (1+ close) (point-max))
                           'syntax-propertize-multiline t)
        (goto-char (if close (1+ close) (point-max)))))))

(defun hclspec--match-interpolation (limit)
  "Find the next `${...}' or `%{...}' in a string, before LIMIT."
  (let (found)
    (while (and (not found)
                (re-search-forward "\\(?:^\\|[^$%]\\)\\([$%]{[^}\n]*}\\)"
                                   limit t))
      ;; `$${' is an escaped, literal `${'; outside strings, `${' is
      ;; not a template.
      (when (nth 3 (save-excursion (syntax-ppss (match-beginning 1))))
        (setq found t)))
    found))

(defvar hclspec-font-lock-keywords
  (let ((id hclspec--identifier))
    `(;; A block's type and labels at a line's start:
      ;; `resource "aws_s3_bucket" "logs" {'.
      (,(concat "^[ \t]*\\(" id "\\)"
                "\\(\\(?:[ \t]+\\(?:\"[^\"\n]*\"\\|" id "\\)\\)*\\)[ \t]*{")
       (1 font-lock-type-face)
       (,(concat "\"[^\"\n]*\"\\|" id)
        (progn (goto-char (match-beginning 2)) (match-end 2))
        nil
        (0 font-lock-function-name-face t)))
      ;; Attribute names before `=' (not `==' or `=>'), at a line's
      ;; start or in an object.
      (,(concat "\\(?:^\\|[{,]\\)[ \t]*\\(" id "\\)[ \t]*=\\(?:[^=>]\\|$\\)")
       1 font-lock-variable-name-face)
      (,(regexp-opt '("true" "false" "null") 'symbols)
       . font-lock-constant-face)
      (,(regexp-opt '("for" "in" "if") 'symbols) . font-lock-keyword-face)
      (,(concat "\\_<\\(" id "\\)[ \t]*(") 1 font-lock-builtin-face)
      ("\\_<[0-9]+\\(?:\\.[0-9]+\\)?\\(?:[eE][-+]?[0-9]+\\)?\\_>"
       . font-lock-constant-face)
      (hclspec--match-interpolation 1 font-lock-variable-name-face t)))
  "Highlighting for `hclspec-hcl-mode'.")

(defun hclspec--indentation ()
  "The indentation of the current line, or nil to leave it as it is.
A line is one step deeper than the line that opened the innermost
brace, bracket or parenthesis around it; a line that begins with
the closing one lines up with that opening line."
  (let ((ppss (save-excursion (syntax-ppss (line-beginning-position)))))
    (cond
     ;; The text of a heredoc, string or `/* */' comment is the author's.
     ((nth 8 ppss) nil)
     ((null (nth 1 ppss)) 0)
     (t (let ((base (save-excursion
                      (goto-char (nth 1 ppss))
                      (current-indentation)))
              (closes (save-excursion
                        (back-to-indentation)
                        (looking-at-p "\\s)"))))
          (if closes base (+ base hclspec-indent-offset)))))))

(defun hclspec-indent-line ()
  "Indent the current line by the depth of its braces and brackets."
  (interactive)
  (let ((target (hclspec--indentation)))
    (cond
     ((null target) 'noindent)
     ;; Point in the indentation goes to its end, as in other modes;
     ;; elsewhere it stays on its character.
     ((<= (current-column) (current-indentation)) (indent-line-to target))
     (t (save-excursion (indent-line-to target))))))

;;;###autoload
(define-derived-mode hclspec-hcl-mode prog-mode "HCL"
  "A major mode for HCL files and hcldec spec files.
It knows HCL's comments, strings and heredocs, highlights blocks,
attributes and literals, and indents by brace depth (see
`hclspec-indent-offset').  Eglot starts the hclspec language
server for it (see `hclspec-server-command')."
  :syntax-table hclspec-hcl-mode-syntax-table
  (setq-local font-lock-defaults '(hclspec-font-lock-keywords))
  (setq-local syntax-propertize-function #'hclspec--syntax-propertize)
  (add-hook 'syntax-propertize-extend-region-functions
            #'syntax-propertize-multiline 'append 'local)
  (setq-local comment-start "# ")
  (setq-local comment-end "")
  (setq-local comment-start-skip "\\(?:#+\\|//+\\|/\\*+\\)[ \t]*")
  (setq-local comment-end-skip "[ \t]*\\(?:\n\\|\\*+/\\)")
  (setq-local comment-use-syntax t)
  (setq-local indent-line-function #'hclspec-indent-line)
  (setq-local indent-tabs-mode nil)
  ;; Typing a closing brace moves it back to its opening line's
  ;; indentation.
  (setq-local electric-indent-chars (append "}])" electric-indent-chars)))

;; Our own kinds of file come first, so that a general `\.hcl' entry
;; cannot take `.hclspec.hcl' files.
;;;###autoload
(add-to-list 'auto-mode-alist '("\\.hcldec\\'" . hclspec-hcl-mode))
;;;###autoload
(add-to-list 'auto-mode-alist '("\\.hclspec\\.hcl\\'" . hclspec-hcl-mode))
;; General HCL goes last: `hcl-mode' knows HCL better, and its entries,
;; wherever its autoloads put them, come first and win.
;;;###autoload
(add-to-list 'auto-mode-alist '("\\.nomad\\'" . hclspec-hcl-mode) t)
;;;###autoload
(unless (or (fboundp 'hcl-mode) (locate-library "hcl-mode"))
  (add-to-list 'auto-mode-alist '("\\.hcl\\'" . hclspec-hcl-mode) t))

;;;; The language server

(defcustom hclspec-server-command '("hclspec" "serve")
  "The command that starts the hclspec language server.
A program and its arguments, read whenever Eglot starts the server."
  :type '(repeat string))

(defcustom hclspec-rules nil
  "Which files are checked against which spec, unless they say.
A list of rules (FILES . SPEC): FILES is a glob or a list of
globs (`*', `?', `**/', `[a-z]'), SPEC the spec file for the files
they match.  Both are relative to the project's root (Eglot's
workspace folder); SPEC may also be absolute.  The first rule
that matches applies; a file's `# hclspec: SPEC' modeline and the
nearest `.hclspec.hcl' file come before these rules.

For example:

  ((\"jobs/**/*.hcl\" . \"specs/job.hcldec\")
   ((\"*.svc.hcl\" \"services/*.hcl\") . \"/opt/specs/service.hcldec\"))

A project can set its own rules instead, as the `hclspec' section
of `eglot-workspace-configuration' in its `.dir-locals.el'.
Setting this option through Customize tells running servers; after
`setq', call `hclspec-send-rules'."
  :type '(repeat (cons :tag "Rule"
                       (choice :tag "Files"
                               (string :tag "Glob")
                               (repeat :tag "Globs" string))
                       (string :tag "Spec file")))
  ;; Not at load time: no server is running then.
  :initialize #'custom-initialize-default
  :set (lambda (symbol value)
         (set-default symbol value)
         (hclspec-send-rules)))

(defcustom hclspec-dynamic-blocks nil
  "Whether files checked against a spec read `dynamic' blocks.
When non-nil, a `dynamic \"T\"' block stands for blocks of type T,
as Terraform and Nomad read it, in every file checked against a
spec (a `.hclspec.hcl' rule's `dynamic_blocks = true' does it for
the files of that rule alone).  Otherwise such a block is reported
as unsupported.

A project can set its own value instead, as `:dynamicBlocks' in
the `hclspec' section of `eglot-workspace-configuration'.  Setting
this option through Customize tells running servers; after `setq',
call `hclspec-send-rules'."
  :type 'boolean
  :initialize #'custom-initialize-default
  :set (lambda (symbol value)
         (set-default symbol value)
         (hclspec-send-rules)))

(defun hclspec--settings ()
  "The `hclspec' settings section, for Eglot's JSON.
It holds `hclspec-rules' and `hclspec-dynamic-blocks'."
  (list :dynamicBlocks (if hclspec-dynamic-blocks t :json-false)
        :rules
        (vconcat
         (mapcar (lambda (rule)
                   (let ((files (car rule))
                         (spec (cdr rule)))
                     (list :files (vconcat (if (listp files) files
                                             (list files)))
                           ;; The server resolves paths, but knows
                           ;; nothing of `~'.
                           :spec (if (string-prefix-p "~" spec)
                                     (expand-file-name spec)
                                   spec))))
                 hclspec-rules))))

(defclass hclspec-eglot-server (eglot-lsp-server) ()
  :documentation "An Eglot connection to hclspec, which knows `hclspec-rules'.
And `hclspec-dynamic-blocks'.")

(cl-defmethod eglot-initialization-options ((_server hclspec-eglot-server))
  "Send the settings, so that the first diagnostics follow them.
That is `hclspec-rules' and `hclspec-dynamic-blocks'."
  (hclspec--settings))

;; The server asks for its `hclspec' section for each workspace folder
;; (after `initialized' and whenever Eglot signals a configuration
;; change), and a folder's answer replaces the initialization options.
;; `eglot-workspace-configuration' (which a project's `.dir-locals.el'
;; may set) answers first; `hclspec-rules' and `hclspec-dynamic-blocks'
;; fill in when it has no `hclspec' section, so that an answer never
;; takes the rules away.
(cl-defmethod eglot-handle-request
  ((_server hclspec-eglot-server) (_method (eql workspace/configuration))
   &key items)
  "Answer the `hclspec' ITEMS with our settings, unless the project has.
Those are `hclspec-rules' and `hclspec-dynamic-blocks'."
  (let ((answers (cl-call-next-method)))
    (cl-map 'vector
            (lambda (item answer)
              (if (and (null answer)
                       (equal (plist-get item :section) "hclspec"))
                  (hclspec--settings)
                answer))
            items answers)))

(defun hclspec-send-rules ()
  "Tell the running hclspec servers that the settings changed.
That is `hclspec-rules' or `hclspec-dynamic-blocks'.  The servers
ask for their settings again and check the open files again."
  (interactive)
  (let (servers)
    (dolist (buffer (buffer-list))
      (with-current-buffer buffer
        (let ((server (eglot-current-server)))
          (when (and (cl-typep server 'hclspec-eglot-server)
                     (not (memq server servers)))
            (push server servers)
            ;; Without an `hclspec' section in it, this makes the
            ;; server ask for one.
            (eglot-signal-didChangeConfiguration server)))))))

;;;###autoload
(defun hclspec-eglot-contact (&optional _interactive)
  "Eglot's contact for hclspec: `hclspec-server-command', as our class."
  (cons 'hclspec-eglot-server hclspec-server-command))

;; A function, not the command itself, so that `hclspec-server-command'
;; is read when the server starts.  One server serves the three modes
;; in a project; `terraform-mode' comes before `hcl-mode', from which
;; it derives, to keep its own language id.
;;;###autoload
(with-eval-after-load 'eglot
  (add-to-list 'eglot-server-programs
               '(((terraform-mode :language-id "terraform")
                  (hclspec-hcl-mode :language-id "hcl")
                  (hcl-mode :language-id "hcl"))
                 . hclspec-eglot-contact)))

(provide 'hclspec)

;;; hclspec.el ends here
