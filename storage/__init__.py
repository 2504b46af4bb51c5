"""Files on disk, below every package that keeps or reads them: the user's folders
(``folders``), writes that never lose the old copy (``atomic``, ``temp_files``), disk problems
told as the person's to fix (``write_errors``), bounded reads of the files a person names
(``file_input``) and the lock round a shared session (``file_lock``)."""
