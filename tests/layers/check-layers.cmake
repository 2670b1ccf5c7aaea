# The layer guard: reads every #include of the sources under SRC (default: the project's src/)
# and fails when a file includes a header of a layer it must not see, a header private to
# another layer, a backend's client library outside its backend, or Qt SQL anywhere; and when a
# file lies in a folder that is no layer. docs/DESIGN.md ("The layers") draws the same table.
#
#   cmake -DSRC=<dir> -P tests/layers/check-layers.cmake
#
# Our headers are included by their path under src/ ("store/store.h"); a program's own headers
# (src/app, src/cli) may be named from the program's folder ("models/journalmodel.h"). What this
# does not see: includes that come in through another header (each header is checked itself),
# and CMake's link lines (each library links only what its folder may include).

cmake_minimum_required(VERSION 3.21)

if(NOT SRC)
  set(SRC "${CMAKE_CURRENT_LIST_DIR}/../../src")
endif()
get_filename_component(SRC "${SRC}" ABSOLUTE)

# Each layer is exactly one folder (the programs: their folder and its subfolders), and the
# layers it may include (itself always).
set(LIBRARY_LAYERS ledger aws store store/sqlite store/postgres store/dynamodb store/sharded store/open store/fixtures protocol operations
    interchange lake service bench)
set(PROGRAM_LAYERS cli app ledgerd)
set(SEES_ledger "")
set(SEES_aws ledger)
set(SEES_store ledger)
set(SEES_store/sqlite ledger store)
set(SEES_store/postgres ledger store)
set(SEES_store/dynamodb ledger aws store)
set(SEES_store/sharded ledger store)
set(SEES_store/open ledger store store/sqlite store/postgres store/dynamodb store/sharded)
set(SEES_store/fixtures ledger store store/open store/sqlite store/postgres store/sharded)
set(SEES_protocol ledger store)
set(SEES_operations ledger store protocol)
set(SEES_interchange ledger store protocol operations)
set(SEES_lake ledger aws store protocol operations interchange)
set(SEES_service ledger aws store store/open protocol operations interchange)
set(SEES_bench ledger store store/open store/fixtures protocol operations interchange lake)
set(SEES_cli ledger store store/open protocol operations interchange lake service bench)
set(SEES_app ledger store store/open protocol operations interchange service)
set(SEES_ledgerd ledger store store/open protocol operations interchange lake service)

# Headers only some layers may include, though they lie in a layer others see: the SQL the
# backends share (not the protocol's business), what store/open keeps to itself, and S3's XML.
set(ONLY_FOR_store/sqlfilters.h store store/sqlite store/postgres)
set(ONLY_FOR_store/documentrows.h store store/sqlite store/postgres)
set(ONLY_FOR_store/open/memberopener.h store/open)
set(ONLY_FOR_store/postgres/pgfaulthook.h store/postgres)
set(ONLY_FOR_aws/s3wire.h aws)

# Third-party headers that belong to one layer only, by file name (however the path is spelt).
set(CLIENT_sqlite3.h store/sqlite)
set(CLIENT_sqlite3ext.h store/sqlite)
set(CLIENT_ledgerdesk_sqlite.h store/sqlite)
set(CLIENT_libpq-fe.h store/postgres)
set(CLIENT_libpq-events.h store/postgres)
set(CLIENT_curl.h aws store/dynamodb service)
set(CLIENT_zlib.h lake)
set(CLIENT_zconf.h lake)

# The layer of a file by its path under src/, or "" when its folder is none.
function(layer_of path out)
  get_filename_component(dir "${path}" DIRECTORY)
  if(dir IN_LIST LIBRARY_LAYERS)
    set(${out} "${dir}" PARENT_SCOPE)
    return()
  endif()
  foreach(program IN LISTS PROGRAM_LAYERS)
    if(dir STREQUAL program OR dir MATCHES "^${program}/")
      set(${out} "${program}" PARENT_SCOPE)
      return()
    endif()
  endforeach()
  set(${out} "" PARENT_SCOPE)
endfunction()

# The console reaches the ledger through LedgerService only (docs/DESIGN.md §8): no page, model,
# dialog or widget names a Store or drives the coordinator or recovery itself, so that the same
# work can go through ledgerd. JobRunner and BackgroundJob wrap ledger work into work on a pool
# thread's connection, and the store opener opens (or creates) the embedded store.
set(APP_ON_THE_STORE_ALLOWED "^app/(jobrunner\\.(h|cpp)|backgroundjob\\.h|storeopener\\.cpp)$")
# (Text, not syntax: a comment naming them counts too. `openStore(` is also MainWindow's own.)
set(APP_ON_THE_STORE
    "(^|[^A-Za-z_])(Store &|Store&|Store \\*|Store\\*|<Store>|Coordinator[ ({]|recoverStuck *\\(|threadStore *\\(|connectorOf *\\(|\\.store\\(\\))")

file(GLOB_RECURSE files RELATIVE "${SRC}" "${SRC}/*.h" "${SRC}/*.cpp")
set(problems "")
set(checked 0)
foreach(file IN LISTS files)
  layer_of("${file}" layer)
  if(NOT layer)
    list(APPEND problems "${file} lies in no layer (each folder of src/ is one: docs/DESIGN.md, \"The layers\")")
    continue()
  endif()
  get_filename_component(dir "${file}" DIRECTORY)
  if(layer STREQUAL "app" AND NOT file MATCHES "${APP_ON_THE_STORE_ALLOWED}")
    file(STRINGS "${SRC}/${file}" uses REGEX "${APP_ON_THE_STORE}")
    foreach(use IN LISTS uses) # a line with a ';' comes in pieces: only the ones that match count
      if(use MATCHES "${APP_ON_THE_STORE}")
        list(APPEND problems "${file} works on the store itself (${CMAKE_MATCH_2}): the console reaches the ledger through LedgerService")
      endif()
    endforeach()
  endif()
  file(STRINGS "${SRC}/${file}" lines REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"]")
  foreach(line IN LISTS lines)
    string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*[<\"]([^>\"]+)[>\"].*$" "\\1" header "${line}")
    math(EXPR checked "${checked} + 1")
    get_filename_component(name "${header}" NAME)
    if(header MATCHES "^QSql|^QtSql/|/QSql|/qsql")
      list(APPEND problems "${file} includes ${header}: Qt SQL is not used (the stores speak SQLite's and libpq's C APIs)")
      continue()
    endif()
    if(DEFINED CLIENT_${name} OR header MATCHES "^(libpq|postgresql|curl)/")
      set(owner "${CLIENT_${name}}")
      if(NOT owner AND header MATCHES "^curl/")
        set(owner aws store/dynamodb service)
      elseif(NOT owner)
        set(owner store/postgres)
      endif()
      if(NOT layer IN_LIST owner)
        string(REPLACE ";" " and " owners "${owner}")
        list(APPEND problems "${file} includes ${header}, which only ${owners} may")
      endif()
      continue()
    endif()
    # Which of our files it names: beside the includer, in the program's folder, or under src/.
    set(target "")
    if(EXISTS "${SRC}/${dir}/${header}")
      file(RELATIVE_PATH target "${SRC}" "${SRC}/${dir}/${header}")
      if(NOT header MATCHES "/" AND NOT layer IN_LIST PROGRAM_LAYERS)
        # A library file names even its neighbours by their path, so that an include says the layer.
        list(APPEND problems "${file} includes \"${header}\": name it by its path under src/ (\"${dir}/${header}\")")
      endif()
    elseif(layer IN_LIST PROGRAM_LAYERS AND EXISTS "${SRC}/${layer}/${header}")
      set(target "${layer}/${header}")
    elseif(EXISTS "${SRC}/${header}")
      set(target "${header}")
    else()
      continue() # Qt, the C++ library, generated headers (ui_*.h, moc)
    endif()
    layer_of("${target}" seen)
    if(NOT seen)
      list(APPEND problems "${file} includes ${target}, which lies in no layer")
      continue()
    endif()
    if(DEFINED ONLY_FOR_${target})
      if(NOT layer IN_LIST ONLY_FOR_${target})
        list(JOIN ONLY_FOR_${target} ", " allowed)
        list(APPEND problems "${file} includes ${target}, which only ${allowed} may")
      endif()
      continue()
    endif()
    if(seen STREQUAL layer OR seen IN_LIST SEES_${layer})
      continue()
    endif()
    list(JOIN SEES_${layer} ", " allowed)
    list(APPEND problems "${file} includes ${target}: ${layer} must not see ${seen} (it may see: ${allowed})")
  endforeach()
endforeach()

list(LENGTH files nfiles)
if(problems)
  list(LENGTH problems n)
  list(JOIN problems "\n  " text)
  # NOTICE prints the lines as they are (FATAL_ERROR would fold them).
  message(NOTICE "layer guard: ${n} wrong include(s) in ${SRC}:\n  ${text}\nSee docs/DESIGN.md, \"The layers\".")
  message(FATAL_ERROR "layer guard: ${n} wrong include(s)")
endif()
message(STATUS "layer guard: ${nfiles} files, ${checked} includes, every one downward")
