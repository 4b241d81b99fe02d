"""Files the tool writes, and what is read back from them.

- ``writers``: the output writers' registry (the PDF, PNG previews), each fed plain data;
- ``render``: the PDF of a job (``sets.job``), drawn by ``pdf.document`` with the job's painter;
- ``files``: destinations, atomic staging of a PDF and its previews (users' files are read by
  ``domino_print.regular_files``);
- ``preview``: PNG previews of PDF pages (pypdfium2), rendered in bands;
- ``ink_coverage``: ink coverage of rendered pages, for the bench and the tests;
- ``summary``: the summary line of a finished document, in any catalogue language.
"""
