# einsat-mpi (mpi/): the solver on a cluster, built by 'make mpi' when
# Open MPI's 'mpicc' is installed (Debian: libopenmpi-dev openmpi-bin).
# Compiled with $(CC) and the flags 'mpicc --showme' reports, so that
# the sanitizer builds use the same compiler as the library.  Plain 'make'
# does not need MPI; 'make test' builds it when it can.

MPICC ?= mpicc
MPI_AVAILABLE := $(shell command -v $(MPICC) >/dev/null 2>&1 && echo yes)
MPI_OBJS := $(patsubst %.c,$(OUT)/%.o,$(wildcard mpi/*.c))

.PHONY: mpi
ifeq ($(MPI_AVAILABLE),yes)
MPI_COMPILE := $(shell $(MPICC) --showme:compile)
MPI_LINK := $(shell $(MPICC) --showme:link)
$(MPI_OBJS): CFLAGS_ALL += $(MPI_COMPILE)

$(OUT)/bin/einsat-mpi: $(MPI_OBJS) $(LIBRARY)
	@mkdir -p $(dir $@)
	$(call quiet,LD,$@)$(CC) $(LDFLAGS_ALL) -o $@ $(MPI_OBJS) $(LIBRARY) $(MPI_LINK) $(LDLIBS_ALL)

mpi: $(OUT)/bin/einsat-mpi
TEST_PROGRAMS += $(OUT)/bin/einsat-mpi
else
mpi:
	@echo "make mpi: '$(MPICC)' not found: install Open MPI (make deps)" && false
endif
